import { accountsReactor } from '../auth/accounts.reactor';
import { postingExpiryReactor } from '../postings/expiry/expiry.reactor';
import { bidsReactor } from '../bids/bids.reactor';
import type { Reactor } from './reactor';

/** Every reactor of the product; each feature contributes its own. */
export const allReactors: Reactor[] = [accountsReactor, postingExpiryReactor, bidsReactor];
