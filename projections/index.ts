import type { Projection } from '../server/src/platform/read-models/projection';
import { applicantsProjection } from './applicants.projection';
import { auditProjection } from './audit.projection';
import { bidsProjection } from './bids.projection';
import { billingProjection } from './billing.projection';
import { facilitiesProjection } from './facilities.projection';
import { facilityMembersProjection } from './facility-members.projection';
import { postingsProjection } from './postings.projection';

/** Every read model of the product, one file per read model in this folder. */
export const allProjections: Projection[] = [
  facilitiesProjection,
  applicantsProjection,
  postingsProjection,
  bidsProjection,
  facilityMembersProjection,
  billingProjection,
  auditProjection,
];
