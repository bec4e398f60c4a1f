// TEMPORARY: replaced by the real page.
export { VerifyEmailPlaceholder as VerifyEmailRoute } from '../placeholders';
