import { canEditFacilityProfile, type CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';
import { accountMessages } from '@domain/accounts/messages';
import type { FacilityProfile as FacilityProfileValues } from '@domain/accounts/profiles';
import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { errorMessage, isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { FacilityProfileView } from '@domain/facilities/facility-view';

import { useFacilityProfile } from '../../api/get-facility-profile';
import { useSaveFacilityProfile } from '../../api/save-facility-profile';
import { accountPageMessages } from '../../lib/messages';
import { FormSkeleton } from '../form-skeleton';
import { LoadFailure } from '../load-failure';

import { FacilityProfileDetails } from './facility-profile-details';
import { FacilityProfileForm } from './facility-profile-form';

/** A 404 on loading means the member has no facility yet (part 2 §7): the page creates one. */
export function isMissingProfile(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Whether this member may edit: the server's can_edit, else the shared rule on their permissions. */
export function mayEditFacilityProfile(
  profile: FacilityProfileView | null,
  permissions: CurrentFacilityPermissions | null | undefined,
): boolean {
  if (!profile) return true; // creating
  if (typeof profile.can_edit === 'boolean') return profile.can_edit;
  return !!permissions && canEditFacilityProfile(permissions);
}

export function ReadOnlyNotice() {
  return (
    <Alert
      color="gray"
      variant="light"
      role="note"
      icon={<IconLock size={20} stroke={1.75} />}
      title={accountMessages.facilityProfileReadOnly}
    >
      {accountMessages.facilityProfileNoPermission} Ask an admin of your facility if something needs to change.
    </Alert>
  );
}

/**
 * /facility-profile's content: create (no facility yet), edit, or a read-only view for members
 * without the permission.
 */
export function FacilityProfile({
  permissions,
  onCreated,
}: {
  permissions: CurrentFacilityPermissions | null | undefined;
  onCreated: (profile: FacilityProfileView) => void;
}) {
  const query = useFacilityProfile();
  const save = useSaveFacilityProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const missing = isMissingProfile(query.error);
  const loadFailed = query.isError && !missing;

  useEffect(() => {
    if (loadFailed) notifyError(errorMessage(query.error, accountMessages.facilityProfileLoadFailed));
  }, [loadFailed, query.error]);

  if (query.isPending) return <FormSkeleton sections={2} label="Loading your facility profile" />;
  if (loadFailed) {
    return (
      <LoadFailure
        title={accountMessages.facilityProfileLoadFailed}
        message={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const profile = missing ? null : (query.data ?? null);
  if (!mayEditFacilityProfile(profile, permissions) && profile) {
    return (
      <Stack gap="lg">
        <ReadOnlyNotice />
        <FacilityProfileDetails profile={profile} />
      </Stack>
    );
  }

  const submit = (values: FacilityProfileValues) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        if (profile) {
          notifySuccess(accountPageMessages.facilityProfileSaved);
        } else {
          notifySuccess(accountPageMessages.facilityProfileCreated);
          onCreated(saved);
        }
      },
      onError: (error) => {
        const message = errorMessage(error, accountMessages.facilityProfileSaveFailed);
        setFailure(message);
        notifyError(message);
      },
    });
  };

  return (
    <FacilityProfileForm
      // A saved profile re-opens the form on the saved values.
      key={profile?.updated_at ?? 'new'}
      profile={profile}
      saving={save.isPending}
      failure={failure}
      onSubmit={submit}
    />
  );
}
