// TEMPORARY: the applicant's bids ("Your Applications"), built by the bids work.
export function ApplicationsTab() {
  return null;
}
