import type { FacilityMemberRole, FacilityPermissionFlags } from '@domain/accounts/facility-permissions';
import { editPermissionsTitle, TEAM_TEXT, type FacilityUserView } from '@domain/facility-members';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useUpdatePermissions } from '../api/update-permissions';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleSelect } from './role-select';

function flagsOf(member: FacilityUserView): FacilityPermissionFlags {
  const { can_create_jobs, can_edit_jobs, can_publish_jobs, can_manage_bids, can_manage_users, can_manage_billing } = member;
  return { can_create_jobs, can_edit_jobs, can_publish_jobs, can_manage_bids, can_manage_users, can_manage_billing };
}

/** Edit Permissions of a user member (admins are not editable): role, and six flags for users. */
export function EditPermissionsModal({ member, onClose }: { member: FacilityUserView; onClose: () => void }) {
  const [role, setRole] = useState<FacilityMemberRole>(member.role);
  const [flags, setFlags] = useState<FacilityPermissionFlags>(flagsOf(member));
  const update = useUpdatePermissions();

  const save = () =>
    update.mutate(
      { id: member.id, permissions: { role, ...flags } },
      {
        onSuccess: () => {
          notifySuccess(TEAM_TEXT.permissionsUpdated);
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error, TEAM_TEXT.permissionsUpdateFailed)),
      },
    );

  return (
    <Modal opened onClose={update.isPending ? () => {} : onClose} title={editPermissionsTitle(member.user)} centered radius="lg" size="lg">
      <Stack gap="md">
        <RoleSelect value={role} onChange={setRole} />
        {role === 'user' && <PermissionCheckboxes value={flags} onChange={setFlags} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Update Permissions
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
