import type { MigrationInterface } from 'typeorm';
import { Accounts1763700000200 } from './1763700000200-Accounts';
import { AuditLog1763700002000 } from './1763700002000-AuditLog';
import { Bids1763700000400 } from './1763700000400-Bids';
import { Billing1763700001500 } from './1763700001500-Billing';
import { EventStore1763700000000 } from './1763700000000-EventStore';
import { LoginKnownAddresses1763700000600 } from './1763700000600-LoginKnownAddresses';
import { PendingEmailExpiry1763700000700 } from './1763700000700-PendingEmailExpiry';
import { FacilityMembers1763700000800 } from './1763700000800-FacilityMembers';
import { ListOrderIndexes1763700001400 } from './1763700001400-ListOrderIndexes';
import { MarketRates1763700002100 } from './1763700002100-MarketRates';
import { Notifications1763700001800 } from './1763700001800-Notifications';
import { Platform1763700000100 } from './1763700000100-Platform';
import { PostingBidStates1763700000500 } from './1763700000500-PostingBidStates';
import { PostingOpenings1763700002200 } from './1763700002200-PostingOpenings';
import { ReadModelStalls1763700000900 } from './1763700000900-ReadModelStalls';
import { Postings1763700000300 } from './1763700000300-Postings';
import { PreviousLogin1763700001600 } from './1763700001600-PreviousLogin';
import { ReviewQueueIndexes1763700001700 } from './1763700001700-ReviewQueueIndexes';
import { JobAlerts1763700001900 } from './1763700001900-JobAlerts';
import { PostingBidStateVersions1763700002400 } from './1763700002400-PostingBidStateVersions';
import { BidStateSnapshots1763700002500 } from './1763700002500-BidStateSnapshots';
import { PostingSearchVersion1763700002510 } from './1763700002510-PostingSearchVersion';
import { SearchFilterCoveringIndexes1763700002600 } from './1763700002600-SearchFilterCoveringIndexes';
import { NotificationUnreadCounts1763700002650 } from './1763700002650-NotificationUnreadCounts';
import { StreamChecks1763700002700 } from './1763700002700-StreamChecks';
import { StateStatistics1763700002800 } from './1763700002800-StateStatistics';
import { BidHotUpdates1763700002900 } from './1763700002900-BidHotUpdates';

/**
 * Every migration, in order. Listed explicitly (not globbed) so the same list works from
 * TypeScript sources in tests and from the compiled build.
 */
export const migrations: (new () => MigrationInterface)[] = [
  EventStore1763700000000,
  Platform1763700000100,
  Accounts1763700000200,
  Postings1763700000300,
  Bids1763700000400,
  PostingBidStates1763700000500,
  LoginKnownAddresses1763700000600,
  PendingEmailExpiry1763700000700,
  FacilityMembers1763700000800,
  ReadModelStalls1763700000900,
  ListOrderIndexes1763700001400,
  Billing1763700001500,
  PreviousLogin1763700001600,
  ReviewQueueIndexes1763700001700,
  Notifications1763700001800,
  JobAlerts1763700001900,
  AuditLog1763700002000,
  MarketRates1763700002100,
  PostingOpenings1763700002200,
  PostingBidStateVersions1763700002400,
  BidStateSnapshots1763700002500,
  PostingSearchVersion1763700002510,
  SearchFilterCoveringIndexes1763700002600,
  NotificationUnreadCounts1763700002650,
  StreamChecks1763700002700,
  StateStatistics1763700002800,
  BidHotUpdates1763700002900,
];
