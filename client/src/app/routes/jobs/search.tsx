// TEMPORARY: replaced by the real page.
export { JobSearchPlaceholder as JobSearchRoute } from '../placeholders';
