// TEMPORARY: replaced by the real page.
export { AdminFacilityPlaceholder as AdminFacilityRoute } from '../placeholders';
