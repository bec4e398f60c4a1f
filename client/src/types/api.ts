/**
 * Client-only types. Every answer of the API is typed by the shared domain (`@domain/*`), where
 * the server builds it; this file holds only what no server code produces.
 */

/** What a route or a menu entry may require. 'admin' means `is_admin`. */
export type AccessRole = 'applicant' | 'facility_admin' | 'admin';

/** Anything with a person's name parts (a user, an applicant, a facility's admin). */
export interface PersonName {
  first_name: string | null;
  last_name: string | null;
}
