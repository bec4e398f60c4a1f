import { formatDate } from '@domain/shared/format';
import { USER_ROLE_LABELS } from '@domain/accounts/constants';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailForward, IconPencil } from '@tabler/icons-react';

import type { UserView } from '@domain/accounts/user-view';

import { DetailList } from '../detail-list';

/** View mode of /user-profile: names, email, role label, created and updated dates. */
export function UserProfileView({ user, onEdit }: { user: UserView; onEdit: () => void }) {
  return (
    <Stack gap="lg">
      {user.pending_email && <PendingEmailNotice email={user.pending_email} />}
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              Profile
            </Title>
            <Text fz="sm" c="dimmed">
              Your name and the email you sign in with.
            </Text>
          </Stack>
          <Button variant="default" leftSection={<IconPencil size={16} stroke={1.75} />} onClick={onEdit}>
            Edit profile
          </Button>
        </Group>
        <DetailList
          items={[
            { label: 'First name', value: user.first_name },
            { label: 'Last name', value: user.last_name },
            {
              label: 'Email',
              value: (
                <Group gap={8} wrap="wrap">
                  <span>{user.email}</span>
                  {user.email_verified ? (
                    <Badge color="green" size="sm">
                      Verified
                    </Badge>
                  ) : (
                    <Badge color="yellow" size="sm">
                      Not verified
                    </Badge>
                  )}
                </Group>
              ),
            },
            { label: 'Role', value: USER_ROLE_LABELS[user.role] ?? user.role },
            { label: 'Member since', value: formatDate(user.created_at) },
            { label: 'Last updated', value: formatDate(user.updated_at) },
          ]}
        />
      </Paper>
    </Stack>
  );
}

/** A new sign-in email waits for its confirmation link to be opened. */
export function PendingEmailNotice({ email }: { email: string }) {
  return (
    <Alert
      color="tenens"
      variant="light"
      role="status"
      title="Confirm your new email address"
      icon={<IconMailForward size={20} stroke={1.75} />}
    >
      We sent a confirmation link to{' '}
      <Text span inherit fw={600} style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
      . Your sign-in email changes once you open it; until then, keep signing in with your current address.
    </Alert>
  );
}
