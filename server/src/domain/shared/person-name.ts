/** 'First Last', or whichever part exists, or ''. */
export function personName(person: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  if (!person) return '';
  return [person.first_name, person.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
