import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MarketParticipant } from '../auth/access';
import { rateInsightQuerySchema, rateInsightSchema } from '../domain/insights';
import { ApiAnswer, ApiErrorAnswers, ApiQueryFrom } from '../http/openapi';
import { RateInsightQueries } from './queries/rate-insight-queries';

/**
 * Market rate insights (issue #16). For everyone who takes part in the market (facility members
 * pricing a job, applicants pricing a bid, platform admins), not for visitors: the figures are
 * aggregates over at least five connections, but they are the marketplace's own knowledge.
 */
@ApiTags('insights')
@Controller('insights')
export class InsightsController {
  constructor(private readonly queries: RateInsightQueries) {}

  @ApiBearerAuth()
  @MarketParticipant()
  @Get('rates')
  @ApiOperation({
    summary: 'Agreed and posted rates for one role and required license state over the last 90 days',
    description: 'Count, median and quartiles, how often bids were countered; `{"enough_data": false}` below 5 connections.',
  })
  @ApiQueryFrom(rateInsightQuerySchema)
  @ApiAnswer(rateInsightSchema)
  @ApiErrorAnswers([401, 403, 422])
  rates(@Query() query: unknown) {
    return this.queries.rates(query);
  }
}
