// TEMPORARY: replaced by the real page.
export { UserProfilePlaceholder as UserProfileRoute } from '../placeholders';
