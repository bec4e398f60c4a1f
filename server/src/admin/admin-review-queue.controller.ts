import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { reviewQueueSchema } from '../domain/admin/review-queue';
import { AdminOnly } from '../auth/access';
import { ApiAnswer, ApiErrorAnswers } from '../http/openapi';
import { ReviewQueueQueries } from './queries/review-queue-queries';

@ApiTags('admin')
@ApiBearerAuth()
@ApiErrorAnswers()
@AdminOnly()
@Controller('admin/review-queue')
export class AdminReviewQueueController {
  constructor(private readonly queries: ReviewQueueQueries) {}

  /** Pending facilities and applicants, oldest first, at most 100 of each, with the whole counts. */
  @Get()
  @ApiAnswer(reviewQueueSchema)
  queue() {
    return this.queries.queue();
  }
}
