import { BidCalendar } from './bid-calendar';
import { BidCalendarController } from './queries/bid-calendar.controller';
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BidContext } from './bid-context';
import { BidEmails } from './bid-emails';
import { BidCommands } from './commands/bid-commands';
import { JobBidsController } from './commands/job-bids.controller';
import { HistoryController } from './history/history.controller';
import { BidQueries } from './queries/bid-queries';
import { BidQueriesController } from './queries/bid-queries.controller';

/**
 * Bids: the negotiation between an applicant and a facility over a posting's rate. Commands go
 * through bidDecider on `bid-{id}` streams; lists read the bids read model
 * (projections/bids.projection.ts); histories read the log; emails come from bids.reactor.ts.
 */
@Module({
  imports: [AuthModule],
  controllers: [JobBidsController, BidQueriesController, HistoryController, BidCalendarController],
  providers: [BidContext, BidCommands, BidQueries, BidEmails, BidCalendar],
})
export class BidsModule {}
