/**
 * A bidder licensed in another state than the posting requires may still bid (licenses move,
 * compacts exist), but both sides should see the difference before deciding.
 */

/** True when both states are known and differ. */
export function licenseStateDiffers(applicantState: string | null | undefined, requiredState: string | null | undefined): boolean {
  if (!applicantState || !requiredState) return false;
  return applicantState.trim().toUpperCase() !== requiredState.trim().toUpperCase();
}

export const LICENSE_MESSAGES = {
  /** On the facility's bid card. */
  facilityFlag: (required: string) => `Not licensed in ${required}, the state this job requires`,
  /** Above the applicant's bid form. */
  applicantTitle: 'Your license is from another state',
  applicantWarning: (own: string, required: string) =>
    `This job requires a license in ${required}; your profile lists ${own}. You can still bid, and the facility will see the difference.`,
} as const;
