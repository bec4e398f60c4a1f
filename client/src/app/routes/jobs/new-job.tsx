// TEMPORARY: replaced by the real page.
export { NewJobPlaceholder as NewJobRoute } from '../placeholders';
