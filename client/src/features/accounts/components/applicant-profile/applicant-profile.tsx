import { accountMessages } from '@domain/accounts/messages';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

import { errorMessage, isApiError } from '@/lib/api-client';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { useApplicantProfile } from '../../api/get-applicant-profile';
import { accountPageMessages } from '../../lib/messages';
import { FormSkeleton } from '../form-skeleton';
import { LoadFailure } from '../load-failure';

import { ApplicantProfileForm } from './applicant-profile-form';

export function AccessDenied() {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconLock size={20} stroke={1.75} />} title="Access denied">
      {accountMessages.applicantProfileAccessDenied}
    </Alert>
  );
}

/** /applicant-profile's content. Anyone but an applicant is refused (by the page and the server). */
export function ApplicantProfile({ isApplicant, onSaved }: { isApplicant: boolean; onSaved?: (saved: ApplicantView) => void }) {
  const profile = useApplicantProfile(isApplicant);

  if (!isApplicant || (isApiError(profile.error) && profile.error.status === 403)) return <AccessDenied />;
  if (profile.isPending) return <FormSkeleton sections={4} label="Loading your profile" />;
  if (profile.isError) {
    return (
      <LoadFailure
        title={accountPageMessages.applicantProfileLoadFailed}
        message={errorMessage(profile.error, '')}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  return <ApplicantProfileForm key={profile.data.id} profile={profile.data} onSaved={onSaved} />;
}
