import { memberName, TEAM_TEXT, type FacilityUserView } from '@domain/facility-members';
import { Button, Container, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useFacilityUsers } from '../api/get-facility-users';
import { useTeamLiveUpdates } from '../api/live-team-updates';
import { useRemoveMember } from '../api/remove-member';
import { EditPermissionsModal } from './edit-permissions-modal';
import { InviteUserModal } from './invite-user-modal';
import { MembersTable } from './members-table';
import { PendingInvitations } from './pending-invitations';

export const REMOVE_TEXT = {
  removed: 'User removed from your facility',
  failed: 'Failed to remove user',
} as const;

/** Facility Users (part 2 §2): the members, pending invitations, and the modals that change them. */
export function FacilityUsers({ currentUserId, facilityName }: { currentUserId: string | undefined; facilityName: string | undefined }) {
  const members = useFacilityUsers();
  const remove = useRemoveMember();
  useTeamLiveUpdates();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<FacilityUserView | null>(null);
  const [removing, setRemoving] = useState<FacilityUserView | null>(null);

  useEffect(() => {
    if (members.isError) notifyError(errorMessage(members.error, TEAM_TEXT.loadFailed));
  }, [members.isError, members.error]);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        notifySuccess(REMOVE_TEXT.removed);
        setRemoving(null);
      },
      onError: (error) => notifyError(errorMessage(error, REMOVE_TEXT.failed)),
    });
  };

  const rows = members.data ?? [];
  let table;
  if (members.isPending)
    table = (
      <Text c="dimmed" p="md">
        {TEAM_TEXT.loading}
      </Text>
    );
  else if (rows.length === 0)
    table = (
      <Text c="dimmed" p="md">
        {TEAM_TEXT.empty}
      </Text>
    );
  else table = <MembersTable members={rows} currentUserId={currentUserId} onEdit={setEditing} onRemove={setRemoving} />;

  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Facility Users · Tenens</title>
      <PageHeader
        eyebrow={facilityName ?? 'Your facility'}
        title="Facility Users"
        description="Invite colleagues and choose what each of them may do."
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
            Invite User
          </Button>
        }
      />
      <Stack gap="xl">
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          {table}
        </Paper>
        <PendingInvitations />
      </Stack>
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
      {editing && <EditPermissionsModal member={editing} onClose={() => setEditing(null)} />}
      <Modal opened={removing !== null} onClose={() => !remove.isPending && setRemoving(null)} title="Remove user" centered radius="lg">
        <Stack gap="lg">
          <Text fz="sm">
            Remove {removing ? memberName(removing.user) : ''} from your facility? They are signed out at once and can no longer act for it.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmRemove} loading={remove.isPending}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
