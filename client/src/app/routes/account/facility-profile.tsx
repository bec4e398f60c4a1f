// TEMPORARY: replaced by the real page.
export { FacilityProfilePlaceholder as FacilityProfileRoute } from '../placeholders';
