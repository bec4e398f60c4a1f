import type { z } from 'zod';

/**
 * Cross-field checks on object schemas. zod skips object-level refinements while any field has a
 * type error (an unticked terms box counts), so these run whenever the value is an object at all:
 * a form then shows "Passwords do not match" at once, whatever else is still wrong.
 */
export function whenObject(payload: z.core.ParsePayload): boolean {
  return typeof payload.value === 'object' && payload.value !== null;
}

/** Refinement arguments: `confirmKey` must equal `passwordKey`; reported on `confirmKey`. */
export function confirmationMatches(
  passwordKey: string,
  confirmKey: string,
  message: string,
): [(values: Record<string, unknown>) => boolean, z.core.$ZodCustomParams] {
  const matches = (values: Record<string, unknown>) => values[confirmKey] === values[passwordKey];
  return [matches, { error: message, path: [confirmKey], when: whenObject }];
}
