import { Alert, Button, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { BILLING_TEXT } from '@domain/billing/billing-text';
import { sessionIdOf } from '@domain/billing/billing-views';

import { errorMessage } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';

import { useConfirmSubscription } from '../api/confirm-subscription';

/** The checkout session named by the return address: ?session_id=, or the part of a client secret before its marker. */
export function returnedSessionId(params: URLSearchParams): string | null {
  const sessionId = params.get('session_id')?.trim();
  if (sessionId) return sessionId;
  const secret = params.get('client_secret')?.trim();
  return secret ? sessionIdOf(secret) : null;
}

/**
 * /payment/success, where Stripe's checkout returns: confirms the session, then opens the posting
 * (now live) with a toast; a failure is shown with a way back to the dashboard.
 */
export function PaymentSuccess() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmSubscription();
  const sessionId = returnedSessionId(params);
  const started = useRef(false);

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    confirm.mutate(sessionId, {
      onSuccess: (result) => {
        notifySuccess('Your job posting is live.', BILLING_TEXT.paymentSuccessTitle);
        navigate(`/jobs/${result.job_posting_id}`, { replace: true });
      },
    });
  }, [sessionId, confirm, navigate]);

  const failure = !sessionId
    ? BILLING_TEXT.confirmFailed
    : confirm.isError
      ? errorMessage(confirm.error, BILLING_TEXT.confirmFailed)
      : null;

  return (
    <Container size="sm" py={{ base: 48, sm: 80 }} w="100%">
      <title>{`${failure ? BILLING_TEXT.paymentErrorTitle : 'Confirming payment'} · Tenens`}</title>
      <Paper withBorder p={{ base: 'lg', sm: 40 }} shadow="xs">
        {failure ? (
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
              <IconAlertTriangle size={30} stroke={1.6} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {BILLING_TEXT.paymentErrorTitle}
            </Title>
            <Alert color="red" variant="light" role="alert" w="100%" ta="left">
              {failure}
            </Alert>
            {!sessionId && (
              <Text c="gray.7" fz="sm">
                This address does not name a checkout session.
              </Text>
            )}
            <Button component={Link} to="/dashboard" variant="default" leftSection={<IconArrowLeft size={18} />}>
              Back to your dashboard
            </Button>
          </Stack>
        ) : (
          <Stack align="center" ta="center" gap="md" role="status">
            <Loader size="lg" />
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              Confirming your payment…
            </Title>
            <Text c="gray.7">Your job posting goes live as soon as the payment is confirmed. This takes a moment.</Text>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
