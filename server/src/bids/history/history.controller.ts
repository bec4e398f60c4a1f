import { Controller, ForbiddenException, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { bidStream } from '../../domain/bids';
import { CurrentUser, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { EVENT_STORE, type EventStore } from '../../eventstore/event-store.port';
import { BidContext } from '../bid-context';
import { bidHistory } from './negotiation-history';
import { historyEntrySchema, type HistoryEntry } from '../../domain/shared/history';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';

export const HISTORY_MESSAGES = {
  bidHistoryDenied: "Only the applicant, the facility and platform admins can see this bid's history.",
} as const;

/** A bid's audit timeline, read from the log itself, for both parties and platform admins. */
@ApiTags('bids')
@ApiBearerAuth()
@ApiErrorAnswers()
@SignedIn()
@Controller('job-bids')
export class HistoryController {
  constructor(
    private readonly context: BidContext,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  @Get(':id/history')
  @ApiOperation({ summary: "A bid's negotiation, event by event" })
  @ApiAnswer(historyEntrySchema, { array: true })
  async bid(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<HistoryEntry[]> {
    const bidId = id.toLowerCase();
    const bid = await this.context.bid(bidId);
    const mayRead = user.is_admin || user.applicant_id === bid.applicant_id || user.membership?.facility_id === bid.facility_id;
    if (!mayRead) throw new ForbiddenException(HISTORY_MESSAGES.bidHistoryDenied);
    return bidHistory(await this.events.readStream(bidStream(bidId)));
  }
}
