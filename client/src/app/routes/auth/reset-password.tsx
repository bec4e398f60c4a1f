// TEMPORARY: replaced by the real page.
export { ResetPasswordPlaceholder as ResetPasswordRoute } from '../placeholders';
