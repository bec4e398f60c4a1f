/**
 * TEMPORARY. Every route of the spec's table whose page is not built yet renders a 'coming soon'
 * card from this one file. To build a page: add app/routes/<page>.tsx, point its entry in
 * app/router.tsx at it, and delete its line here. When this file is empty, delete it.
 */
import { Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';

import { isSignedInAtom } from '@/stores/session';

function comingSoon(title: string, description: string) {
  function ComingSoon() {
    const signedIn = useAtomValue(isSignedInAtom);
    return (
      <Container size="sm" w="100%" py={{ base: 'xl', sm: 64 }}>
        <title>{`${title} · Tenens`}</title>
        <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 40 }}>
          <Stack gap="md" align="flex-start">
            <Group gap="sm">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <IconTools size={24} stroke={1.6} />
              </ThemeIcon>
              <Badge color="gray" variant="light">
                Coming soon
              </Badge>
            </Group>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            <Text c="dimmed">{description}</Text>
            <Text c="dimmed" fz="sm">
              This page is not available yet. Please check back soon.
            </Text>
            <Button component={Link} to={signedIn ? '/dashboard' : '/'} variant="default" leftSection={<IconArrowLeft size={18} />}>
              {signedIn ? 'Back to your dashboard' : 'Back to the home page'}
            </Button>
          </Stack>
        </Paper>
      </Container>
    );
  }
  ComingSoon.displayName = `ComingSoon(${title})`;
  return ComingSoon;
}

// Facility members
export const PaymentHistoryPlaceholder = comingSoon('Payments', 'Posting fees, credits and the payments made for your postings.');
