import { FACILITY_MEMBER_ROLES, type FacilityMemberRole } from '@domain/accounts/facility-permissions';
import { accountMessages } from '@domain/accounts/messages';
import { ROLE_LABELS, TEAM_TEXT } from '@domain/facility-members';
import { Select, Text } from '@mantine/core';

/** User or Admin, with the note that explains what the role means. */
export function RoleSelect({
  value,
  onChange,
  disabled,
}: {
  value: FacilityMemberRole;
  onChange: (role: FacilityMemberRole) => void;
  disabled?: boolean;
}) {
  return (
    <div>
      <Select
        label="Role"
        data={FACILITY_MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        value={value}
        allowDeselect={false}
        disabled={disabled}
        onChange={(next) => next && onChange(next as FacilityMemberRole)}
      />
      <Text fz="sm" c="dimmed" mt={6}>
        {value === 'admin' ? accountMessages.inviteAdminNote : TEAM_TEXT.userNote}
      </Text>
    </div>
  );
}
