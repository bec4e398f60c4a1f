import { changedIdentityFields } from '@domain/shared/identity';

const comparable = (value: unknown) => (typeof value === 'string' ? value.trim() : (value ?? ''));

/**
 * The identity fields whose value in the form differs from the saved one (surrounding spaces
 * aside, as the server trims them): what saving would send a verified record back to review for.
 */
export function identityChanges<F extends string>(fields: readonly F[], saved: Record<F, unknown>, current: Record<F, unknown>): F[] {
  const pick = (values: Record<F, unknown>) =>
    Object.fromEntries(fields.map((field) => [field, comparable(values[field])])) as Record<F, unknown>;
  return changedIdentityFields(fields, pick(saved), pick(current));
}
