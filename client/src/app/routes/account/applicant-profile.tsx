// TEMPORARY: replaced by the real page.
export { ApplicantProfilePlaceholder as ApplicantProfileRoute } from '../placeholders';
