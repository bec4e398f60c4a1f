import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

export interface StateCodeInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value?: string;
  onChange: (value: string) => void;
}

/** A two-letter state abbreviation, upper-cased as it is typed (facility addresses). */
export function StateCodeInput({ value = '', onChange, ...props }: StateCodeInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) =>
    onChange(
      event.currentTarget.value
        .replace(/[^a-z]/gi, '')
        .toUpperCase()
        .slice(0, 2),
    );
  return (
    <TextInput
      autoComplete="address-level1"
      placeholder="CA"
      maxLength={2}
      {...props}
      value={value}
      onChange={handleChange}
      styles={{ input: { textTransform: 'uppercase' } }}
    />
  );
}
