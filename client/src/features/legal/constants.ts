/**
 * The facts the legal pages state (spec part 2 §1, §2 and §9). Change them here and the pages
 * follow; tests assert them.
 */
export const LEGAL = {
  termsLastUpdated: 'September 11, 2025',
  privacyLastModified: 'September 11, 2025',
  minimumAge: 18,
  currency: 'US dollars',
  liabilityLookbackMonths: 6,
  liabilityFloorUsd: 2500,
  documentsOnlyArbitrationMaxUsd: 15000,
  arbitrationOptOutDays: 30,
  informalResolutionDays: 30,
  claimLimit: 'one year',
} as const;
