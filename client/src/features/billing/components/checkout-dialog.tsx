import { BILLING_TEXT, PAYMENT_SUCCESS_CLOSE_MS, postingFeeTerms } from '@domain/billing/billing-text';
import type { SandboxPaymentBody } from '@domain/billing/billing-views';
import { formatUsd } from '@domain/shared/format';
import { Button, Center, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCreditCard } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';

import { errorMessage, isApiError } from '@/lib/api-client';

import { useBillingConfig } from '../api/get-billing-config';
import { createCheckoutSession, useCheckoutSession } from '../api/create-checkout-session';
import { useConfirmSubscription } from '../api/confirm-subscription';
import { usePaySandboxSession } from '../api/pay-sandbox-session';

import { SandboxCardForm } from './sandbox-card-form';

const StripeCheckout = lazy(() => import('./stripe-checkout'));

export interface CheckoutPosting {
  id: string;
  title: string;
}

type Outcome = { kind: 'paying' } | { kind: 'success' } | { kind: 'error'; message: string };

const TITLES: Record<Outcome['kind'], string> = {
  paying: 'Pay for your job posting',
  success: BILLING_TEXT.paymentSuccessTitle,
  error: BILLING_TEXT.paymentErrorTitle,
};

/** Counts the dialog's openings: each opening asks for a checkout session of its own. */
let openings = 0;

function Working({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" role="status">
        <Loader size="md" />
        <Text fz="sm" c="gray.7">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * The checkout for a posting that answered requires_payment (part 2 section 2): Stripe's
 * embedded checkout, or the sandbox's card form, in one dialog that turns into 'Payment
 * Successful!' (closing itself after 2 s) or 'Payment Error' (the posting stays a draft).
 */
export function CheckoutDialog({
  posting,
  onClose,
  onPaid,
}: {
  posting: CheckoutPosting | null;
  onClose: () => void;
  /** The posting is live: refresh what shows it. */
  onPaid?: (postingId: string) => void;
}) {
  const config = useBillingConfig(posting !== null);
  return (
    <Modal.Root
      opened={posting !== null}
      onClose={onClose}
      size={config.data?.mode === 'stripe' ? 'lg' : 'md'}
      centered
      padding="lg"
      closeOnClickOutside={false}
    >
      <Modal.Overlay />
      <Modal.Content radius="lg">
        {posting && <CheckoutFlow key={posting.id} posting={posting} onClose={onClose} onPaid={onPaid} />}
      </Modal.Content>
    </Modal.Root>
  );
}

function CheckoutFlow({
  posting,
  onClose,
  onPaid,
}: {
  posting: CheckoutPosting;
  onClose: () => void;
  onPaid?: (postingId: string) => void;
}) {
  const [attempt] = useState(() => ++openings);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'paying' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const config = useBillingConfig();
  const sandbox = config.data?.mode === 'sandbox';
  const session = useCheckoutSession(posting.id, attempt, sandbox);
  const pay = usePaySandboxSession();
  const confirm = useConfirmSubscription();

  // Only a checkout in progress can fail: a late error never replaces 'Payment Successful!'.
  const fail = useCallback(
    (message: string) => setOutcome((current) => (current.kind === 'paying' ? { kind: 'error', message } : current)),
    [],
  );

  // A failed config or session is the dialog's error.
  const setupError = config.isError ? config.error : session.isError ? session.error : null;
  useEffect(() => {
    if (setupError) fail(errorMessage(setupError, BILLING_TEXT.checkoutFailed));
  }, [setupError, fail]);

  useEffect(() => {
    if (outcome.kind !== 'success') return;
    const timer = setTimeout(onClose, PAYMENT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome.kind, onClose]);

  const confirmPayment = (sessionId: string) =>
    confirm.mutate(sessionId, {
      onSuccess: (result) => {
        setOutcome({ kind: 'success' });
        onPaid?.(result.job_posting_id);
      },
      onError: (error) => fail(errorMessage(error, BILLING_TEXT.confirmFailed)),
    });

  const paySandbox = (card: SandboxPaymentBody) => {
    if (!session.data) return;
    const sessionId = session.data.session_id;
    setFieldError(null);
    pay.mutate(
      { sessionId, card },
      {
        onSuccess: () => confirmPayment(sessionId),
        onError: (error) => {
          if (isApiError(error) && (error.status === 400 || error.status === 422)) {
            setFieldError(errorMessage(error, 'Check the card details and try again.'));
          } else {
            fail(errorMessage(error, BILLING_TEXT.confirmFailed));
          }
        },
      },
    );
  };

  const fetchClientSecret = useCallback(
    () =>
      createCheckoutSession(posting.id).then(
        (created) => created.client_secret,
        (error: unknown) => {
          fail(errorMessage(error, BILLING_TEXT.checkoutFailed));
          throw error;
        },
      ),
    [posting.id, fail],
  );

  const rate = config.data?.job_posting_monthly_rate;
  let content: ReactNode;
  if (outcome.kind === 'success') content = <PaymentSucceeded title={posting.title} />;
  else if (outcome.kind === 'error') content = <PaymentFailed message={outcome.message} onClose={onClose} />;
  else if (!config.data) content = <Working label="Preparing checkout…" />;
  else if (config.data.mode === 'stripe') {
    content = (
      <Stack gap="md">
        <ChargeSummary title={posting.title} rate={rate} />
        <Suspense fallback={<Working label="Loading secure checkout…" />}>
          <StripeCheckout publishableKey={config.data.publishable_key ?? ''} fetchClientSecret={fetchClientSecret} />
        </Suspense>
      </Stack>
    );
  } else if (confirm.isPending) content = <Working label="Confirming your payment…" />;
  else {
    content = (
      <Stack gap="lg">
        <ChargeSummary title={posting.title} rate={rate} />
        {session.data ? (
          <SandboxCardForm
            amountLabel={formatUsd(config.data.job_posting_monthly_rate)}
            submitting={pay.isPending}
            error={fieldError}
            onSubmit={paySandbox}
          />
        ) : (
          <Working label="Preparing checkout…" />
        )}
      </Stack>
    );
  }

  return (
    <>
      <Modal.Header>
        <Modal.Title fw={700} fz="lg">
          {TITLES[outcome.kind]}
        </Modal.Title>
        {outcome.kind === 'paying' && <Modal.CloseButton aria-label="Close checkout" />}
      </Modal.Header>
      <Modal.Body>{content}</Modal.Body>
    </>
  );
}

function ChargeSummary({ title, rate }: { title: string; rate: number | undefined }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
        <IconCreditCard size={20} />
      </ThemeIcon>
      <Stack gap={2} miw={0}>
        <Text fz="sm" fw={600} c="gray.9" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {rate !== undefined && (
          <Text fz="sm" c="gray.7">
            {postingFeeTerms(rate)}.
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function PaymentSucceeded({ title }: { title: string }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="md" role="status">
      <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden>
        <IconCircleCheck size={32} />
      </ThemeIcon>
      <Text fw={600} c="gray.9" style={{ overflowWrap: 'anywhere' }}>
        “{title}” is live.
      </Text>
      <Text fz="sm" c="gray.7">
        Job seekers can find it and apply now.
      </Text>
    </Stack>
  );
}

function PaymentFailed({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="md" color="red" variant="light" aria-hidden>
          <IconAlertTriangle size={20} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fz="sm" c="gray.9" role="alert">
            {message}
          </Text>
          <Text fz="sm" c="gray.7">
            The posting stays unpublished until it is paid.
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
