import type { z } from 'zod';

/** Parses and returns the error messages by dotted path ('' for the root), or {} when valid. */
export function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses a value that must be valid and returns the output (fails the test with the issues otherwise). */
export function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`Expected valid, got: ${JSON.stringify(result.error.issues)}`);
  return result.data;
}
