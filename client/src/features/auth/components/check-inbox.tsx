import { accountMessages } from '@domain/accounts/messages';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';

import { useResendVerificationLink } from '../api/resend-verification-email';

/**
 * After registering: the account works once the email is confirmed. Says where the link went
 * and offers a new one.
 */
export function CheckInbox({ email }: { email: string }) {
  const { send, sending } = useResendVerificationLink(email);

  return (
    <Stack gap="lg" align="center" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconMailCheck size={34} stroke={1.5} />
      </ThemeIcon>
      <Stack gap={6} role="status" aria-live="polite">
        <Text fw={600} c="gray.9">
          {accountMessages.registrationSucceeded}
        </Text>
        <Text c="dimmed" fz="sm">
          We sent a verification link to{' '}
          <Text span inherit fw={600} c="gray.9" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
          . Open it to activate your account, then log in. The link works once and expires in 48 hours.
        </Text>
      </Stack>
      <Stack gap="sm" w="100%">
        <Button component={Link} to="/login" size="md" fullWidth>
          Go to login
        </Button>
        <Button
          variant="default"
          size="md"
          fullWidth
          onClick={send}
          loading={sending}
          leftSection={<IconMailForward size={18} stroke={1.75} />}
        >
          Resend verification email
        </Button>
      </Stack>
      <Text fz="xs" c="dimmed">
        No email after a few minutes? Check your spam folder, or resend it.
      </Text>
    </Stack>
  );
}
