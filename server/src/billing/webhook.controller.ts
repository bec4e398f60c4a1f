import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Public } from '../auth/access';
import { ApiAnswer, ApiErrorAnswers, openApiSchema } from '../http/openapi';
import { WebhookCommands } from './commands/webhook-commands';

/** What Stripe posts (documentation only: the raw bytes are verified, then the SDK parses them). */
const stripeEventSchema = z.object({
  id: z.string(),
  type: z.string().describe('checkout.session.completed, invoice.paid, invoice.payment_failed, customer.subscription.deleted'),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const receivedSchema = z.object({ received: z.literal(true) });

/**
 * Stripe's webhook: no session (Stripe calls it), checked by its signature over the raw body
 * (app.ts keeps this path's body as bytes). 404 when Stripe is not configured.
 */
@ApiTags('billing')
@Controller('billing')
export class WebhookController {
  constructor(private readonly webhooks: WebhookCommands) {}

  @Public()
  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stripe events, signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature header)' })
  @ApiBody({ schema: openApiSchema(stripeEventSchema, 'input') })
  @ApiAnswer(receivedSchema)
  @ApiErrorAnswers([400, 404, 409])
  receive(@Req() request: FastifyRequest, @Headers('stripe-signature') signature: string | undefined) {
    const body: unknown = request.body;
    return this.webhooks.receive(Buffer.isBuffer(body) ? body : undefined, signature);
  }
}
