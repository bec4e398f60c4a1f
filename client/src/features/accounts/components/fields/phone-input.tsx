import { formatPhone } from '@domain/accounts/phone';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

export interface PhoneInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value?: string;
  onChange: (value: string) => void;
}

/**
 * A US phone number shown as (555) 123-4567 while typing. The form keeps the formatted text;
 * the shared phone schema turns it into the 10 digits the API stores.
 */
export function PhoneInput({ value = '', onChange, ...props }: PhoneInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(formatPhone(event.currentTarget.value));
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 123-4567"
      {...props}
      value={value}
      onChange={handleChange}
    />
  );
}
