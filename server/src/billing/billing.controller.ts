import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import {
  billingConfigSchema,
  billingDashboardSchema,
  BILLING_MESSAGES,
  checkoutSessionBodySchema,
  checkoutSessionSchema,
  confirmedSubscriptionSchema,
  paymentsPageSchema,
  paymentsQuerySchema,
  sandboxPaymentBodySchema,
  sandboxPaymentSchema,
  subscriptionViewSchema,
} from '../domain/billing';
import { idParam } from '../http/id-param';
import { ApiAnswer, ApiErrorAnswers, ApiQueryFrom, openApiSchema } from '../http/openapi';
import { CheckoutCommands } from './commands/checkout-commands';
import { BillingQueries } from './queries/billing-queries';

// Bodies and queries are parsed by the services after the caller's access is checked, so a caller
// who may not pay learns that first; the document shows the same schemas.

/**
 * Paying for postings (part 2 sections 1, 3, 7; issue #11). Every call but the config is for the
 * facility's billing managers (legacy admins, admins, can_manage_billing); a posting's billing
 * history also for platform admins.
 */
@ApiTags('billing')
@Controller('billing')
export class BillingController {
  constructor(
    private readonly checkout: CheckoutCommands,
    private readonly queries: BillingQueries,
  ) {}

  /** Public: the rate is on the pricing of every posting, and a publishable key is public by design. */
  @Public()
  @Get('config')
  @ApiAnswer(billingConfigSchema)
  config() {
    return this.queries.billingConfig();
  }

  @ApiBearerAuth()
  @SignedIn()
  @Post('create-checkout-session')
  @HttpCode(200)
  @ApiOperation({ summary: 'An embedded checkout (Stripe, or the sandbox without keys) for a posting awaiting payment' })
  @ApiBody({ schema: openApiSchema(checkoutSessionBodySchema, 'input') })
  @ApiAnswer(checkoutSessionSchema)
  @ApiErrorAnswers([400, 401, 403, 404, 409, 422])
  createCheckoutSession(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    return this.checkout.createSession(user, body);
  }

  @ApiBearerAuth()
  @SignedIn()
  @Post('sandbox/sessions/:session_id/pay')
  @HttpCode(200)
  @ApiOperation({ summary: "The sandbox's card form; answers 409 when Stripe takes the payments" })
  @ApiBody({ schema: openApiSchema(sandboxPaymentBodySchema, 'input') })
  @ApiAnswer(sandboxPaymentSchema)
  @ApiErrorAnswers([400, 401, 402, 403, 404, 409, 422])
  paySandbox(@CurrentUser() user: SessionUser, @Param('session_id') sessionId: string, @Body() body: unknown) {
    return this.checkout.paySandbox(user, sessionId, body);
  }

  @ApiBearerAuth()
  @SignedIn()
  @Post('confirm-subscription/:session_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts the subscription of a paid checkout and publishes its posting (idempotent)' })
  @ApiAnswer(confirmedSubscriptionSchema)
  @ApiErrorAnswers([401, 403, 404, 409])
  confirm(@CurrentUser() user: SessionUser, @Param('session_id') sessionId: string) {
    return this.checkout.confirm(user, sessionId);
  }

  @ApiBearerAuth()
  @SignedIn()
  @Get('subscription/:id')
  @ApiOperation({ summary: "A posting's subscription and billing records, newest first" })
  @ApiAnswer(subscriptionViewSchema)
  @ApiErrorAnswers([401, 403, 404])
  subscription(@CurrentUser() user: SessionUser, @Param('id', idParam(BILLING_MESSAGES.subscriptionNotFound)) id: string) {
    return this.queries.subscription(user, id.toLowerCase());
  }

  @ApiBearerAuth()
  @SignedIn()
  @Get('payments')
  @ApiOperation({ summary: "The facility's payments, newest first" })
  @ApiQueryFrom(paymentsQuerySchema)
  @ApiAnswer(paymentsPageSchema)
  @ApiErrorAnswers([401, 403, 422])
  payments(@CurrentUser() user: SessionUser, @Query() query: unknown) {
    return this.queries.myPayments(user, query);
  }

  @ApiBearerAuth()
  @SignedIn()
  @Get('dashboard')
  @ApiAnswer(billingDashboardSchema)
  @ApiErrorAnswers([401, 403])
  dashboard(@CurrentUser() user: SessionUser) {
    return this.queries.dashboard(user);
  }
}
