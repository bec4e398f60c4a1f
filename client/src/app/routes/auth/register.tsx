// TEMPORARY: replaced by the real page.
export { RegisterPlaceholder as RegisterRoute } from '../placeholders';
