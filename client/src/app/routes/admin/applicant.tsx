// TEMPORARY: replaced by the real page.
export { AdminApplicantPlaceholder as AdminApplicantRoute } from '../placeholders';
