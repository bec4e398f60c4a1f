import { accountMessages } from '@domain/accounts/messages';
import { Alert, Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';

import { PageHeader } from '@/components/ui/page-header';
import { useApplicantProfile } from '@/features/accounts/api/get-applicant-profile';
import { ApplicantProfile } from '@/features/accounts/components/applicant-profile/applicant-profile';
import { VerificationBadge } from '@/features/accounts/components/applicant-profile/verification-badge';
import { currentUserQueryKey } from '@/lib/current-user';
import { currentUserAtom } from '@/stores/session';

/** /applicant-profile (applicants): license, experience, rates and job alert settings. */
export function ApplicantProfileRoute() {
  const user = useAtomValue(currentUserAtom);
  const isApplicant = user?.role === 'applicant';
  const queryClient = useQueryClient();
  const { data: profile } = useApplicantProfile(isApplicant);
  const status = profile?.verification_status ?? user?.applicant?.verification_status;

  return (
    <Container size="lg" w="100%" py={{ base: 'xl', sm: 48 }}>
      <title>My Profile · Tenens</title>
      <PageHeader
        eyebrow="Healthcare professional"
        title="My Profile"
        description="Facilities see these details when you bid on their jobs."
        actions={isApplicant && status ? <VerificationBadge status={status} /> : undefined}
      />
      {isApplicant && status === 'pending' && (
        <Alert
          color="yellow"
          variant="light"
          role="note"
          mb="lg"
          icon={<IconHourglassHigh size={20} stroke={1.75} />}
          title={`Your account is ${accountMessages.verificationPending}`}
        >
          We are confirming your identity and license. You can complete your profile and browse jobs meanwhile; bidding opens once you are
          verified.
        </Alert>
      )}
      <ApplicantProfile
        isApplicant={isApplicant}
        // Names live on the user too: the header shows the new ones at once.
        onSaved={() => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey })}
      />
    </Container>
  );
}
