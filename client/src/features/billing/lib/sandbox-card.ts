import { BILLING_MESSAGES } from '@domain/billing/billing-rules';
import { sandboxPaymentBodySchema, type SandboxPaymentBody } from '@domain/billing/billing-views';

/** What the sandbox card form holds, as typed. */
export interface CardFields {
  card_number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export const EMPTY_CARD: CardFields = { card_number: '', exp_month: '', exp_year: '', cvc: '' };

/** '4242424242424242' -> '4242 4242 4242 4242' while typing; at most 16 digits. */
export function groupCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A two-digit year is this century's ('27' -> 2027); four digits stay as they are. */
export function fullYear(value: string): string {
  const trimmed = value.trim();
  return /^\d{2}$/.test(trimmed) ? String(2000 + Number(trimmed)) : trimmed;
}

/**
 * The card as the API takes it, checked with the shared schema's messages, plus an expiry in
 * the past ('This card has expired.'). Either the body or one message per field.
 */
export function readCard(fields: CardFields, now = new Date()): { card: SandboxPaymentBody } | { errors: CardErrors } {
  const parsed = sandboxPaymentBodySchema.safeParse({
    card_number: fields.card_number,
    exp_month: fields.exp_month.trim(),
    exp_year: fullYear(fields.exp_year),
    cvc: fields.cvc.trim(),
  });
  if (!parsed.success) {
    const errors: CardErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof CardFields;
      errors[field] ??= issue.message;
    }
    return { errors };
  }
  const { exp_month, exp_year } = parsed.data;
  const thisYear = now.getFullYear();
  if (exp_year < thisYear || (exp_year === thisYear && exp_month < now.getMonth() + 1)) {
    return { errors: { exp_year: BILLING_MESSAGES.cardExpired } };
  }
  return { card: parsed.data };
}
