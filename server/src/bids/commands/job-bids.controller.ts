import { Body, Controller, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { counterRateSchema, proposedRateSchema } from '../../domain/bids';
import { applicantBidViewSchema, bidViewSchema } from '../../domain/bids/bid-view';
import { CurrentUser, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { ApiAnswer, ApiErrorAnswers } from '../../http/openapi';
import { isUuid } from '../bid-ids';
import { BidCommands } from './bid-commands';

export const BID_INPUT_MESSAGES = {
  postingRequired: 'Job posting is required',
  postingInvalid: 'Job posting id must be a valid id',
} as const;

const submitBidSchema = z.object({
  job_posting_id: z
    .string({ error: (issue) => (issue.input === undefined ? BID_INPUT_MESSAGES.postingRequired : BID_INPUT_MESSAGES.postingInvalid) })
    .refine(isUuid, BID_INPUT_MESSAGES.postingInvalid),
  proposed_rate: proposedRateSchema,
});

class SubmitBidDto extends createZodDto(submitBidSchema) {}

/** A move's answer: the bid as the caller's side sees it. */
const AnswersWithTheBid = () => ApiAnswer(bidViewSchema, { description: "The bid as the caller's side sees it" });

class CounterQueryDto extends createZodDto(z.object({ counter_rate: counterRateSchema })) {}

/**
 * Every bid transition of the spec. Who may make a move and from which state is the decider's
 * call (403 for who, 409 for when); the routes are open to any signed-in user so that the
 * refusal names the reason. Each answer is the bid as the caller's own API shows it.
 */
@ApiTags('bids')
@ApiBearerAuth()
@ApiErrorAnswers()
@SignedIn()
@Controller('job-bids')
export class JobBidsController {
  constructor(private readonly bids: BidCommands) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Bid on an active posting (verified, active applicants; one bid per posting)' })
  @ApiAnswer(applicantBidViewSchema, { status: 201 })
  submit(@CurrentUser() user: SessionUser, @Body() body: SubmitBidDto) {
    const input = body as z.infer<typeof submitBidSchema>;
    return this.bids.submit(user, { job_posting_id: input.job_posting_id.toLowerCase(), proposed_rate: input.proposed_rate as number });
  }

  @Put(':id/accept')
  @ApiOperation({ summary: 'Facility accepts a submitted or applicant-countered bid' })
  @AnswersWithTheBid()
  accept(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    return this.bids.move(user, id, 'AcceptBid', {});
  }

  @Put(':id/reject')
  @ApiOperation({ summary: 'Facility rejects a submitted or applicant-countered bid' })
  @AnswersWithTheBid()
  reject(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    return this.bids.move(user, id, 'RejectBid', {});
  }

  @Put(':id/undo')
  @ApiOperation({ summary: 'Facility undoes a rejection (back to applicant_submitted)' })
  @AnswersWithTheBid()
  undo(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    return this.bids.move(user, id, 'UndoRejection', {});
  }

  @Put(':id/counter')
  @ApiOperation({ summary: 'Facility counters a submitted or applicant-countered bid' })
  @AnswersWithTheBid()
  counter(@CurrentUser() user: SessionUser, @Param('id') id: string, @Query() { counter_rate }: CounterQueryDto) {
    return this.bids.move(user, id, 'CounterBid', { counter_rate: counter_rate as number });
  }

  @Put(':id/accept-counter')
  @ApiOperation({ summary: "Applicant accepts the facility's counter" })
  @AnswersWithTheBid()
  acceptCounter(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    return this.bids.move(user, id, 'AcceptCounter', {});
  }

  @Put(':id/reject-counter')
  @ApiOperation({ summary: "Applicant rejects the facility's counter" })
  @AnswersWithTheBid()
  rejectCounter(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    return this.bids.move(user, id, 'RejectCounter', {});
  }

  @Put(':id/counter-by-applicant')
  @ApiOperation({ summary: "Applicant counters the facility's counter" })
  @AnswersWithTheBid()
  counterByApplicant(@CurrentUser() user: SessionUser, @Param('id') id: string, @Query() { counter_rate }: CounterQueryDto) {
    return this.bids.move(user, id, 'CounterByApplicant', { counter_rate: counter_rate as number });
  }

  @Put(':id/withdraw')
  @ApiOperation({ summary: 'Applicant withdraws a bid that is neither connected nor closed' })
  @AnswersWithTheBid()
  withdraw(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    return this.bids.move(user, id, 'WithdrawBid', {});
  }
}
