import { TextInput, type TextInputProps } from '@mantine/core';

import type { AvailabilityCheck } from '../../lib/availability';
import { AvailabilityStatus } from './availability-status';

export interface CheckedTextInputProps extends TextInputProps {
  /** The server's answer on whether the value is still free; none for a field that is not checked. */
  check?: AvailabilityCheck;
  /** What the tick says once the value is free. */
  availableLabel: string;
}

/** A text field checked for availability: its own error first, else the check's, with the check's mark on the right. */
export function CheckedTextInput({ check, availableLabel, error, ...props }: CheckedTextInputProps) {
  if (!check) return <TextInput error={error} {...props} />;
  return (
    <TextInput
      {...props}
      error={error ?? check.problem}
      rightSection={<AvailabilityStatus state={check.state} availableLabel={availableLabel} />}
    />
  );
}

/** The 10-digit National Provider Identifier, optionally checked for availability. */
export function NpiInput(props: Omit<CheckedTextInputProps, 'availableLabel'>) {
  return <CheckedTextInput label="NPI number" inputMode="numeric" maxLength={10} availableLabel="This NPI is available" {...props} />;
}
