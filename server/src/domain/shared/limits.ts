/**
 * What the product means by a sensible value, for every number and text the API takes in. A
 * command may only record what every read model can store: an event the projections cannot
 * apply would stall them for good. So each bound sits well inside its column (integer, indexed
 * text) and is checked by the shared schemas, on the server and in the forms alike.
 */

/** Dollars per hour: a posting's rate, a bid or a counter, an applicant's desired range. */
export const MAX_HOURLY_RATE = 1000;

/** How far ahead a job may start, and how long it may run (days). Keeps contract values in range too. */
export const POSTING_HORIZON_DAYS = 731;
export const MAX_JOB_LENGTH_DAYS = 731;

/** Dollar allowances on a posting (lodging per week or month, travel). */
export const MAX_ALLOWANCE_DOLLARS = 100_000;

/** Procedure type ids are small integers; a posting names at most this many of them. */
export const MAX_PROCEDURE_TYPE_ID = 10_000;
export const MAX_PROCEDURE_TYPES = 50;

/** Text lengths in characters. Indexed text (city) stays far below a btree entry's ~2,700 bytes. */
export const TEXT_LIMITS = {
  personName: 100,
  facilityName: 200,
  addressLine: 200,
  city: 100,
  licenseNumber: 50,
  website: 500,
  freeText: 5000,
  certification: 100,
  certifications: 50,
  token: 200,
  newPassword: 128,
  /** Existing passwords were never bounded when set; this only keeps hashing cheap. */
  existingPassword: 1024,
} as const;

/** How far a listing may page (rows skipped). */
export const MAX_LIST_OFFSET = 1_000_000;

/** Preferred travel radius in miles: coast to coast at most. */
export const MAX_RADIUS_MILES = 3000;

/** Years a calendar date of a person's record may lie in (license expiry, experience start). */
export const CALENDAR_YEARS = { min: 1900, max: 2100 } as const;
