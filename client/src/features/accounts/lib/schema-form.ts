import { accountMessages } from '@domain/accounts/messages';
import { useForm, type FormErrors, type GetInputPropsReturnType, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useRef, type FormEvent } from 'react';
import type { z } from 'zod';

import { afterPointerRelease } from './pointer';

export interface SchemaFormOptions<Values> {
  initialValues: Values;
  schema: z.ZodType;
  /** Fields to re-check when another changes, e.g. { password: ['confirm_password'] }. */
  dependents?: Partial<Record<keyof Values & string, (keyof Values & string)[]>>;
}

function isFilled(value: unknown): boolean {
  return !(value === '' || value === null || value === undefined || value === false);
}

/**
 * A Mantine form judged by a shared zod schema, the way people expect forms to talk back:
 * a field is checked when it loses focus (after the click that moved focus, so nothing shifts
 * under the pointer); a field showing an error is re-checked on every
 * keystroke (so the error goes as soon as it is fixed); a dependent field that was filled in
 * (the confirmation of a password) is re-checked when the field it depends on changes.
 * Each field shows its first problem.
 */
export function useSchemaForm<Values extends Record<string, unknown>>({
  initialValues,
  schema,
  dependents,
}: SchemaFormOptions<Values>): UseFormReturnType<Values> {
  const formRef = useRef<UseFormReturnType<Values> | null>(null);
  // Stable, so the form's own callbacks (setFieldValue, validateField) stay stable too.
  const validate = useMemo(() => zod4Resolver(schema, { errorPriority: 'first' }) as (values: Values) => FormErrors, [schema]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate,
    // Checked on blur, but only once a pressed pointer is released (see ./pointer).
    validateInputOnBlur: false,
    enhanceGetInputProps: ({ field }) => ({
      onBlur: () => afterPointerRelease(() => formRef.current?.validateField(field)),
    }),
    clearInputErrorOnChange: false,
    onValuesChange: (values, previous) => {
      const current = formRef.current;
      if (!current) return;
      for (const field of Object.keys(values) as (keyof Values & string)[]) {
        if (Object.is(values[field], previous[field])) continue;
        if (current.errors[field] !== undefined) current.validateField(field);
        for (const dependent of dependents?.[field] ?? []) {
          if (current.errors[dependent] !== undefined || isFilled(values[dependent])) current.validateField(dependent);
        }
      }
    },
  }) as UseFormReturnType<Values>;
  formRef.current = form;
  return form;
}

/** Moves focus to the first field (in page order) showing an error. */
export function focusFirstError<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>, errors: FormErrors): void {
  const paths = Object.keys(errors);
  if (paths.length === 0) return;
  // After React has rendered the errors, so the field is announced with its message.
  window.setTimeout(() => {
    const nodes = paths
      .map((path) => form.getInputNode(path as never) as HTMLElement | null)
      .filter((node): node is HTMLElement => node !== null);
    nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    nodes[0]?.focus();
  }, 0);
}

/**
 * Checks every field now and shows the errors; returns them (empty when the values pass).
 * Focus moves to the first field in error.
 */
export function showErrors<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>, schema: z.ZodType): FormErrors {
  const errors = zod4Resolver(schema, { errorPriority: 'first' })(form.getValues());
  form.setErrors(errors);
  focusFirstError(form, errors);
  return errors;
}

/** Checks every field now, shows the errors, and says whether the values pass. */
export function validateAll<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>, schema: z.ZodType): boolean {
  return Object.keys(showErrors(form, schema)).length === 0;
}

/** Whether the values pass the schema (no errors shown). */
export function passes(schema: z.ZodType, values: unknown): boolean {
  return schema.safeParse(values).success;
}

/**
 * A form's submit handler: every field is checked now; when one fails, or `blocked` (a problem the
 * schema cannot see, e.g. a taken NPI), `onFailure` gets the summary sentence, else null and
 * `onValid` the parsed values.
 */
export function submitWhenValid<Values extends Record<string, unknown>, Parsed>(
  form: UseFormReturnType<Values>,
  schema: z.ZodType<Parsed>,
  {
    blocked = false,
    onFailure,
    onValid,
  }: { blocked?: boolean; onFailure: (message: string | null) => void; onValid: (values: Parsed) => void },
): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault();
    const valid = validateAll(form, schema);
    if (!valid || blocked) {
      onFailure(accountMessages.fixErrorsBeforeSubmitting);
      return;
    }
    onFailure(null);
    onValid(schema.parse(form.getValues()));
  };
}

/** A text field's input props that tidy its value with `normalize` when the field is left, then check it as usual. */
export function normalizedOnLeave<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  path: keyof Values & string,
  normalize: (value: string) => string,
  props: GetInputPropsReturnType = form.getInputProps(path),
): GetInputPropsReturnType {
  return {
    ...props,
    onBlur: () => {
      form.setFieldValue(path, normalize(String(form.getValues()[path] ?? '')) as never);
      props.onBlur?.();
    },
  };
}
