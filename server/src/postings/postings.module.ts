import { Module } from '@nestjs/common';
import { Actors } from '../auth/actors';
import { PostingCommands } from './commands/posting-commands';
import { ExpiryWorker } from './expiry/expiry.worker';
import { PostingsController } from './postings.controller';
import { PostingQueries } from './queries/posting-queries';
import { SearchFiltersController } from './search-filters.controller';

/** Job postings: the event-sourced lifecycle, search, and the expiry job. */
@Module({
  controllers: [PostingsController, SearchFiltersController],
  providers: [PostingCommands, PostingQueries, Actors, ExpiryWorker],
})
export class PostingsModule {}
