// TEMPORARY: the facility's list of applicants and bids on /jobs/{id}, built by the bids work.
export function PostingApplicants(_props: { postingId: string }) {
  return null;
}
