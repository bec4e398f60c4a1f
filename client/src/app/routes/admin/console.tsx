// TEMPORARY: replaced by the real page.
export { AdminConsolePlaceholder as AdminConsoleRoute } from '../placeholders';
