// TEMPORARY: replaced by the real page.
export { ForgotPasswordPlaceholder as ForgotPasswordRoute } from '../placeholders';
