import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';

import { useResendVerificationLink } from '../api/resend-verification-email';

/**
 * Shown instead of an error when login is refused because the email is not verified yet
 * (403 with code 'email_verification_required'): explains why and offers a new link.
 */
export function ResendVerificationPanel({ email }: { email: string }) {
  const { send, sending } = useResendVerificationLink(email);

  return (
    <Alert
      variant="light"
      color="tenens"
      radius="md"
      title="Please verify your email address"
      icon={<IconMailForward size={20} stroke={1.75} />}
      role="status"
      aria-live="polite"
    >
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          Your account is not active until you confirm your email. Open the link we sent to{' '}
          <Text span inherit fw={600} style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
          , then log in again. No email? Check your spam folder or ask for a new link.
        </Text>
        <Button size="sm" variant="white" color="tenens" onClick={send} loading={sending}>
          Resend verification email
        </Button>
      </Stack>
    </Alert>
  );
}
