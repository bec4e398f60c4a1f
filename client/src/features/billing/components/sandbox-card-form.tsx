import { SANDBOX_CARD_HINTS } from '@domain/billing/billing-rules';
import { BILLING_TEXT } from '@domain/billing/billing-text';
import type { SandboxPaymentBody } from '@domain/billing/billing-views';
import { Alert, Anchor, Badge, Box, Button, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFlask, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent, type ChangeEvent } from 'react';

import { EMPTY_CARD, groupCardNumber, readCard, type CardErrors, type CardFields } from '../lib/sandbox-card';

/**
 * The built-in test checkout: a card form that behaves like Stripe's test cards. `onSubmit`
 * pays; `error` is a refusal of the fields by the server (400), shown above the button.
 */
export function SandboxCardForm({
  amountLabel,
  submitting,
  error,
  onSubmit,
}: {
  amountLabel: string;
  submitting: boolean;
  error: string | null;
  onSubmit: (card: SandboxPaymentBody) => void;
}) {
  const [fields, setFields] = useState<CardFields>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});

  const set = (name: keyof CardFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  /** The expiry and CVC fields keep digits only. */
  const setDigits = (name: keyof CardFields) => (event: ChangeEvent<HTMLInputElement>) =>
    set(name, event.currentTarget.value.replace(/\D/g, ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = readCard(fields);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    onSubmit(result.card);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Card details">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} fz="sm" c="gray.9">
            Card details
          </Text>
          <Badge color="yellow" c="#6b4e00" variant="light" leftSection={<IconFlask size={14} aria-hidden />} tt="none">
            {BILLING_TEXT.sandboxBadge}
          </Badge>
        </Group>

        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          value={fields.card_number}
          onChange={(event) => set('card_number', groupCardNumber(event.currentTarget.value))}
          error={errors.card_number}
          data-autofocus
          required
        />
        <SimpleGrid cols={3} spacing="sm">
          <TextInput
            label="Month"
            placeholder="MM"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            maxLength={2}
            value={fields.exp_month}
            onChange={setDigits('exp_month')}
            error={errors.exp_month}
            required
          />
          <TextInput
            label="Year"
            placeholder="YY"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            maxLength={4}
            value={fields.exp_year}
            onChange={setDigits('exp_year')}
            error={errors.exp_year}
            required
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={fields.cvc}
            onChange={setDigits('cvc')}
            error={errors.cvc}
            required
          />
        </SimpleGrid>

        <Box bg="gray.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Text fz="xs" fw={600} c="gray.8" mb={4}>
            Test cards (any future expiry, any CVC)
          </Text>
          <List spacing={2} fz="xs" c="gray.8" listStyleType="none" p={0}>
            {SANDBOX_CARD_HINTS.map((hint) => (
              <List.Item key={hint.number}>
                <Anchor
                  component="button"
                  type="button"
                  fz="xs"
                  ff="monospace"
                  onClick={() => set('card_number', hint.number)}
                  aria-label={`Use test card ${hint.number}`}
                >
                  {hint.number}
                </Anchor>{' '}
                {hint.outcome}
              </List.Item>
            ))}
          </List>
        </Box>

        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}

        <Button type="submit" loading={submitting} leftSection={<IconLock size={16} aria-hidden />} fullWidth>
          Pay {amountLabel}
        </Button>
      </Stack>
    </form>
  );
}
