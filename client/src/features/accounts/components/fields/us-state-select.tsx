import { US_STATES } from '@domain/accounts/us-states';
import { Select, type SelectProps } from '@mantine/core';

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

/** A searchable list of the US states (and DC), valued by their two-letter code. */
export function UsStateSelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select
      data={STATE_OPTIONS}
      size="md"
      searchable
      clearable
      placeholder="Choose a state"
      nothingFoundMessage="No state matches"
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
