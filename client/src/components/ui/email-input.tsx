import { TextInput, type TextInputProps } from '@mantine/core';

/** A required email address field: the email keyboard on phones, the browser's saved address offered. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" inputMode="email" autoComplete="email" aria-required {...props} />;
}
