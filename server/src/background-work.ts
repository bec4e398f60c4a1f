import { allProjections } from '../../projections';
import { accountsReactor } from './auth/accounts.reactor';
import { bidsReactor } from './bids/bids.reactor';
import { teamReactor } from './facility-members/team.reactor';
import type { Projection } from './platform/read-models/projection';
import type { Reactor } from './platform/reactors/reactor';
import { postingExpiryReactor } from './postings/expiry/expiry.reactor';

/**
 * What the platform's runners follow the log for: every read model (one file each in the
 * top-level projections/ folder) and every feature's reactors. AppModule hands them to the
 * platform, so the platform itself imports no feature.
 */
export interface BackgroundWork {
  projections: Projection[];
  reactors: Reactor[];
}

export const backgroundWork: BackgroundWork = {
  projections: allProjections,
  reactors: [accountsReactor, postingExpiryReactor, bidsReactor, teamReactor],
};
