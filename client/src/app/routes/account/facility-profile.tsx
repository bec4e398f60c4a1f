import { accountMessages } from '@domain/accounts/messages';
import { Badge, Container, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { useFacilityProfile } from '@/features/accounts/api/get-facility-profile';
import {
  FacilityProfile,
  isMissingProfile,
  mayEditFacilityProfile,
} from '@/features/accounts/components/facility-profile/facility-profile';
import { FacilityStatusBadge } from '@/features/accounts/components/facility-profile/facility-status-badge';
import { currentUserQueryKey } from '@/lib/current-user';
import { facilityPermissionsQueryKey, useFacilityPermissions } from '@/features/auth/api/get-facility-permissions';

/** /facility-profile (facility members): create, edit or view the facility's profile. */
export function FacilityProfileRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: permissions } = useFacilityPermissions();
  const { data: profile, error, isSuccess } = useFacilityProfile();
  const creating = isMissingProfile(error);
  const readOnly = isSuccess && !mayEditFacilityProfile(profile, permissions);

  const onCreated = async () => {
    // The member now belongs to the new facility: their user record and permissions changed.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: facilityPermissionsQueryKey }),
    ]);
    await navigate('/facility-dashboard');
  };

  return (
    <Container size="lg" w="100%" py={{ base: 'xl', sm: 48 }}>
      <title>Facility Profile · Tenens</title>
      <PageHeader
        eyebrow="Your facility"
        title={creating ? 'Create your facility profile' : 'Facility Profile'}
        description={
          creating
            ? 'Tell providers who you are. Once our team verifies your facility, you can post jobs.'
            : 'Your facility’s name, address and contact details, as providers see them.'
        }
        actions={
          profile ? (
            <Group gap="xs">
              {readOnly && (
                <Badge color="gray" variant="light" size="lg" tt="none" fw={600}>
                  {accountMessages.facilityProfileReadOnly}
                </Badge>
              )}
              <FacilityStatusBadge status={profile.verification_status} />
            </Group>
          ) : undefined
        }
      />
      <FacilityProfile permissions={permissions} onCreated={() => void onCreated()} />
    </Container>
  );
}
