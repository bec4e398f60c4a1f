import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/access';
import { paymentsPageSchema, paymentsQuerySchema } from '../domain/billing';
import { idParam } from '../http/id-param';
import { ApiAnswer, ApiErrorAnswers, ApiQueryFrom } from '../http/openapi';
import { BillingQueries } from './queries/billing-queries';

/** A facility's payments in the admin console: the same page and query as Payment History. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/facilities')
export class AdminPaymentsController {
  constructor(private readonly queries: BillingQueries) {}

  @AdminOnly()
  @Get(':id/payments')
  @ApiOperation({ summary: "A facility's payments, newest first" })
  @ApiQueryFrom(paymentsQuerySchema)
  @ApiAnswer(paymentsPageSchema)
  @ApiErrorAnswers([401, 403, 404, 422])
  payments(@Param('id', idParam('Facility not found')) id: string, @Query() query: unknown) {
    return this.queries.adminPayments(id.toLowerCase(), query);
  }
}
