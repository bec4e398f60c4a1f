import { Alert, Button, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { IconMailExclamation } from '@tabler/icons-react';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { currentUserAtom } from '@/stores/session';

import { useSendVerificationEmail } from '../api/send-verification-email';
import { adminMessages } from '../lib/messages';

/**
 * Shown while the signed-in admin's own email address is not verified: verifying and rejecting
 * accounts stays disabled until it is. Offers a new verification link.
 */
export function EmailVerificationNotice({ email }: { email: string }) {
  const send = useSendVerificationEmail();
  const resend = () =>
    send.mutate(email, {
      onSuccess: () => notifySuccess(adminMessages.verificationEmailSent),
      onError: (error) => notifyError(errorMessage(error, adminMessages.verificationEmailFailed)),
    });
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      title={adminMessages.emailVerificationRequired}
      icon={<IconMailExclamation size={20} stroke={1.75} />}
      mb="lg"
      // The light yellow theme text is too pale on its background: dark title, deep amber icon.
      styles={{ title: { color: 'var(--mantine-color-gray-9)' }, icon: { color: 'var(--mantine-color-orange-9)' } }}
    >
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          Verify your own email address (
          <Text span inherit fw={600} style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
          ) before you verify or reject facilities and applicants. Open the link we sent you, then reload this page.
        </Text>
        <Button size="xs" variant="default" onClick={resend} loading={send.isPending}>
          Resend verification email
        </Button>
      </Stack>
    </Alert>
  );
}

/** The notice, for the signed-in admin, only while their email address is not verified. */
export function ReviewerEmailNotice() {
  const user = useAtomValue(currentUserAtom);
  if (!user || user.email_verified) return null;
  return <EmailVerificationNotice email={user.email} />;
}
