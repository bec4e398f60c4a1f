import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

export interface CalendarDateInputProps extends Omit<TextInputProps, 'onChange' | 'value' | 'type' | 'min' | 'max'> {
  /** YYYY-MM-DD or '' */
  value?: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}

/**
 * A calendar date (YYYY-MM-DD, what the API carries) with the browser's own date picker: typed
 * or picked, keyboard-friendly, localised, and the native picker on phones.
 */
export function CalendarDateInput({ value = '', onChange, min, max, ...props }: CalendarDateInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value);
  return <TextInput type="date" {...props} min={min} max={max} value={value} onChange={handleChange} />;
}
