// TEMPORARY: the applicant's bid section of /jobs/{id}, built by the bids work.
export function BidSection(_props: { postingId: string }) {
  return null;
}
