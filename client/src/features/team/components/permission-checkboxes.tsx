import { FACILITY_PERMISSION_FLAGS, type FacilityPermissionFlags } from '@domain/accounts/facility-permissions';
import { PERMISSION_LABELS } from '@domain/facility-members';
import { Checkbox, Fieldset, SimpleGrid } from '@mantine/core';

/** The six flags of a user member, as checkboxes. */
export function PermissionCheckboxes({
  value,
  onChange,
  disabled,
}: {
  value: FacilityPermissionFlags;
  onChange: (next: FacilityPermissionFlags) => void;
  disabled?: boolean;
}) {
  return (
    <Fieldset legend="Permissions" variant="unstyled">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {FACILITY_PERMISSION_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={PERMISSION_LABELS[flag]}
            checked={value[flag]}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, [flag]: event.currentTarget.checked })}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
