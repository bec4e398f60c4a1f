// TEMPORARY: replaced by the real page.
export { BrowseJobsPlaceholder as BrowseJobsRoute } from '../placeholders';
