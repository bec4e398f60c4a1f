import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { PostingCommands } from './commands/posting-commands';
import { SearchFilterCommands } from './commands/search-filter-commands';
import { ExpiryWorker } from './expiry/expiry.worker';
import { OpeningsJobs } from './openings/openings.jobs';
import { PostingsController } from './postings.controller';
import { PostingHistory } from './queries/posting-history';
import { PostingQueries } from './queries/posting-queries';
import { SearchFilterQueries } from './queries/search-filter-queries';
import { SearchFiltersController } from './search-filters.controller';

/** Job postings: the event-sourced lifecycle, search, audit history, the expiry and openings jobs. */
@Module({
  imports: [AuthModule, BillingModule],
  controllers: [PostingsController, SearchFiltersController],
  providers: [PostingCommands, PostingQueries, PostingHistory, SearchFilterCommands, SearchFilterQueries, ExpiryWorker, OpeningsJobs],
})
export class PostingsModule {}
