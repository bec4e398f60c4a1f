import { Input, SegmentedControl, type SegmentedControlItem } from '@mantine/core';
import { useId } from 'react';

/** A labelled segmented choice (a radio group underneath) for two or three short options. */
export function SegmentedField({
  label,
  description,
  data,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  data: SegmentedControlItem[];
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
}) {
  const id = useId();
  return (
    <Input.Wrapper size="md" label={label} description={description} error={error} labelElement="div" labelProps={{ id: `${id}-label` }}>
      <SegmentedControl
        mt={4}
        fullWidth
        size="md"
        radius="md"
        color="tenens"
        data={data}
        value={value}
        onChange={onChange}
        aria-labelledby={`${id}-label`}
      />
    </Input.Wrapper>
  );
}
