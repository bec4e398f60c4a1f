import { Button, Stack, Text } from '@mantine/core';
import { IconKey, IconMailForward } from '@tabler/icons-react';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useSendVerificationEmail } from '../api/send-verification-email';
import { adminMessages } from '../lib/messages';

import { EmailVerifiedMark } from './applicants-list';
import { Field, FieldList, SectionCard } from './section-card';

/**
 * The person who signs in for the record (the facility's admin user, or the applicant): name,
 * email and its verification, and the emails an admin can send them.
 */
export function AccountCard({
  title,
  name,
  email,
  emailVerified,
  onSendPasswordReset,
  sendingPasswordReset,
}: {
  title: string;
  name: string;
  email: string | null | undefined;
  emailVerified: boolean;
  onSendPasswordReset: () => void;
  sendingPasswordReset: boolean;
}) {
  const verification = useSendVerificationEmail();
  const sendVerification = () => {
    if (!email) return;
    verification.mutate(email, {
      onSuccess: () => notifySuccess(adminMessages.verificationEmailSent),
      onError: (error) => notifyError(errorMessage(error, adminMessages.verificationEmailFailed)),
    });
  };
  return (
    <SectionCard title={title}>
      <Stack gap="md">
        <FieldList cols={1}>
          <Field label="Name">{name}</Field>
          <Field label="Email">
            {email ? (
              <>
                <Text span inherit mr={8}>
                  {email}
                </Text>
                <EmailVerifiedMark verified={emailVerified} />
              </>
            ) : (
              'No email'
            )}
          </Field>
        </FieldList>
        <Stack gap="xs">
          <Button
            variant="default"
            leftSection={<IconKey size={16} />}
            onClick={onSendPasswordReset}
            loading={sendingPasswordReset}
            disabled={!email}
            fullWidth
          >
            Send password reset
          </Button>
          {email && !emailVerified && (
            <Button
              variant="default"
              leftSection={<IconMailForward size={16} />}
              onClick={sendVerification}
              loading={verification.isPending}
              fullWidth
            >
              Send verification email
            </Button>
          )}
        </Stack>
      </Stack>
    </SectionCard>
  );
}
