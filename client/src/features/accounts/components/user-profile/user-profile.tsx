import { accountMessages } from '@domain/accounts/messages';
import { Alert, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

import { loadingRegion } from '@/components/ui/loading-region';
import { errorMessage } from '@/lib/api-client';

import { useUserDetails } from '../../api/get-user-details';

import { UserProfileForm } from './user-profile-form';
import { UserProfileView } from './user-profile-view';

/** /user-profile's content: the signed-in user's details, viewed or edited. */
export function UserProfile() {
  const details = useUserDetails();
  const [editing, setEditing] = useState(false);

  // Cached details (from sign-in) are shown even if a refresh failed.
  if (!details.data && details.isPending) return <UserProfileSkeleton />;
  if (!details.data) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={accountMessages.userDetailsLoadFailed}
        icon={<IconAlertCircle size={20} stroke={1.75} />}
      >
        <Stack gap="sm" align="flex-start">
          {errorMessage(details.error, 'Please try again in a moment.')}
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void details.refetch()}
            loading={details.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  return editing ? (
    <UserProfileForm user={details.data} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
  ) : (
    <UserProfileView user={details.data} onEdit={() => setEditing(true)} />
  );
}

function UserProfileSkeleton() {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} {...loadingRegion('Loading your profile')}>
      <Group justify="space-between" mb="lg">
        <Skeleton h={22} w={120} />
        <Skeleton h={34} w={120} />
      </Group>
      <Stack gap="md">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={18} w={`${70 - index * 6}%`} />
        ))}
      </Stack>
    </Paper>
  );
}
