import { allProjections } from '../../projections';
import { reviewReactor } from './admin/review.reactor';
import { alertsReactor } from './alerts/alerts.reactor';
import { accountsReactor } from './auth/accounts.reactor';
import { bidsReactor } from './bids/bids.reactor';
import { billingReactor } from './billing/billing.reactor';
import type { Config } from './config/config';
import { teamReactor } from './facility-members/team.reactor';
import type { Projection } from './platform/read-models/projection';
import type { Reactor } from './platform/reactors/reactor';
import { postingExpiryReactor } from './postings/expiry/expiry.reactor';
import { openingsReactor } from './postings/openings/openings.reactor';

/**
 * What the platform's runners follow the log for: every read model (one file each in the
 * top-level projections/ folder) and every feature's reactors. AppModule hands them to the
 * platform, so the platform itself imports no feature.
 */
export interface BackgroundWork {
  projections: Projection[];
  reactors: Reactor[];
}

/** Reactors a test adds for one app's life (an app takes the list as it is when it starts). */
export const addedReactors: Reactor[] = [];

export function backgroundWork(config: Config): BackgroundWork {
  return {
    projections: allProjections,
    reactors: [
      accountsReactor,
      postingExpiryReactor,
      openingsReactor,
      bidsReactor(config),
      teamReactor,
      reviewReactor,
      billingReactor,
      alertsReactor,
      ...addedReactors,
    ],
  };
}
