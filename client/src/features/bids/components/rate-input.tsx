import { NumberInput, Text, type NumberInputProps } from '@mantine/core';

/** An hourly rate in whole dollars: '$' before, '/hr' after, no steppers, required. */
export function RateInput(props: NumberInputProps) {
  return (
    <NumberInput
      leftSection="$"
      rightSection={
        <Text fz="sm" c="dimmed" pr={6}>
          /hr
        </Text>
      }
      rightSectionWidth={44}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      withAsterisk
      {...props}
    />
  );
}
