import { accountMessages } from '@domain/accounts/messages';
import { Badge, Button, Container, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconClipboardList, IconSearch, IconTools } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { currentUserAtom } from '@/stores/session';
import type { CurrentUser } from '@/types/api';

/**
 * PLACEHOLDER CONTENT. The dashboards themselves (applicant: Your Applications / Job Search;
 * facility: Your Job Postings) are built by later work; this page already routes by role.
 */
function DashboardPlaceholder({
  icon,
  title,
  description,
  upcoming,
  actions,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  upcoming: string[];
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <Group gap="sm">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <Badge color="gray" variant="light" leftSection={<IconTools size={12} />}>
            Being built
          </Badge>
        </Group>
        <Title order={2} fz={22}>
          {title}
        </Title>
        <Text c="dimmed" maw={620}>
          {description}
        </Text>
        <List fz="sm" c="gray.7" spacing={4}>
          {upcoming.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {actions && <Group gap="sm">{actions}</Group>}
      </Stack>
    </Paper>
  );
}

function firstName(user: CurrentUser): string | null {
  return user.first_name?.trim() || null;
}

/** /dashboard: admins go to the console; applicants and facility members get their dashboard. */
export function DashboardRoute() {
  const user = useAtomValue(currentUserAtom);
  if (!user) return null; // RequireAuth renders this page only when signed in
  if (user.is_admin) return <Navigate to="/admin" replace />;

  const name = firstName(user);
  const greeting = name ? `Welcome back, ${name}` : 'Welcome back';

  if (user.role === 'applicant') {
    const pending = user.applicant?.verification_status === 'pending';
    return (
      <Container py={{ base: 'xl', sm: 48 }} w="100%">
        <title>Dashboard · Tenens</title>
        <PageHeader
          eyebrow="Your dashboard"
          title={greeting}
          description="Your applications and the jobs that match your search will appear here."
          actions={
            pending ? (
              <Badge color="yellow" variant="light" size="lg">
                {accountMessages.verificationPending}
              </Badge>
            ) : undefined
          }
        />
        <DashboardPlaceholder
          icon={<IconClipboardList size={24} stroke={1.6} />}
          title="Your applications and job search"
          description="This dashboard is on its way. Soon you will follow every bid you place and every counter you receive here."
          upcoming={[
            'Your Applications: active, connected and closed bids, counters that need your response first',
            'Job Search: active jobs filtered by location, license, procedures and more',
          ]}
          actions={
            <Button component={Link} to="/browse" leftSection={<IconSearch size={18} stroke={1.75} />}>
              Browse jobs
            </Button>
          }
        />
      </Container>
    );
  }

  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Dashboard · Tenens</title>
      <PageHeader eyebrow={user.facility?.name ?? 'Your facility'} title={greeting} description="Your job postings and the bids they receive will appear here." />
      <DashboardPlaceholder
        icon={<IconBriefcase size={24} stroke={1.6} />}
        title="Your Job Postings"
        description="This dashboard is on its way. Soon you will post jobs, follow the bids they receive and answer them here."
        upcoming={[
          'Draft, active and expired postings, with those awaiting your response first',
          'Posting a job once your facility is verified',
        ]}
      />
    </Container>
  );
}
