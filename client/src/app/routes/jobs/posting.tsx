// TEMPORARY: replaced by the real page.
export { JobPostingPlaceholder as JobPostingRoute } from '../placeholders';
