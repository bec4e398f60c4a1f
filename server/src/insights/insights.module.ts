import { Module } from '@nestjs/common';
import { InsightsController } from './insights.controller';
import { RateInsightQueries } from './queries/rate-insight-queries';

/** Market rate insights: what the log of negotiations says about fair rates. */
@Module({
  controllers: [InsightsController],
  providers: [RateInsightQueries],
})
export class InsightsModule {}
