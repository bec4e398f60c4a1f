import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminPaymentsController } from './admin-payments.controller';
import { BillingController } from './billing.controller';
import { BillingEmails } from './billing-emails';
import { BillingWorker } from './billing.worker';
import { CheckoutCommands } from './commands/checkout-commands';
import { SubscriptionCommands } from './commands/subscription-commands';
import { WebhookCommands } from './commands/webhook-commands';
import { BillingQueries } from './queries/billing-queries';
import { StripeGateway } from './stripe-gateway';
import { WebhookController } from './webhook.controller';

/** Posting payments: checkout (Stripe or the sandbox), subscriptions, renewals, webhooks, payment history. */
@Module({
  imports: [AuthModule],
  controllers: [BillingController, WebhookController, AdminPaymentsController],
  providers: [StripeGateway, SubscriptionCommands, CheckoutCommands, WebhookCommands, BillingQueries, BillingEmails, BillingWorker],
  exports: [SubscriptionCommands],
})
export class BillingModule {}
