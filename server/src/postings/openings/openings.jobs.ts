import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { bidDecider, bidStream } from '../../domain/bids';
import { postingDecider, postingStream } from '../../domain/postings';
import type { EventMetadata } from '../../eventstore/event-store.port';
import { CommandBus } from '../../platform/command-bus';
import { openBidIds } from '../queries/open-bids';
import { OPENINGS_JOBS, type CloseFilledBidsJob, type RecordConnectionJob } from './openings.reactor';

const SYSTEM: EventMetadata = { actor: { user_id: null, side: 'system', name: 'Tenens' } };

/**
 * Runs the openings jobs (openings.reactor.ts) on the postings queue's worker: counts a
 * connection on its posting, and closes the open bids of a posting that filled.
 */
@Injectable()
export class OpeningsJobs {
  constructor(
    private readonly commands: CommandBus,
    private readonly db: DataSource,
  ) {}

  /** Answers whether the job was one of these. */
  async run(job: Pick<Job, 'name' | 'data'>): Promise<boolean> {
    switch (job.name) {
      case OPENINGS_JOBS.recordConnection:
        await this.recordConnection(job.data as RecordConnectionJob);
        return true;
      case OPENINGS_JOBS.closeFilledBids:
        await this.closeFilledBids(job.data as CloseFilledBidsJob);
        return true;
      default:
        return false;
    }
  }

  private async recordConnection({ bid_id }: RecordConnectionJob): Promise<void> {
    const bid = await this.commands.load(bidStream(bid_id), bidDecider);
    if (bid.current_state === 'none') return;
    await this.commands.handle(
      postingStream(bid.job_posting_id),
      postingDecider,
      { type: 'RecordConnection', data: { bid_id, now: new Date() } },
      SYSTEM,
    );
  }

  /** Only while the posting is still filled: reopened before the job ran, its bids stay open. */
  private async closeFilledBids({ posting_id }: CloseFilledBidsJob): Promise<void> {
    const posting = await this.commands.load(postingStream(posting_id), postingDecider);
    if (posting.status !== 'filled') return;
    for (const bidId of await openBidIds(this.db, posting_id)) {
      await this.commands.handle(bidStream(bidId), bidDecider, { type: 'ClosePositionFilled', data: { now: new Date() } }, SYSTEM);
    }
  }
}
