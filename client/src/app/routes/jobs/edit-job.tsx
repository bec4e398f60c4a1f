// TEMPORARY: replaced by the real page.
export { EditJobPlaceholder as EditJobRoute } from '../placeholders';
