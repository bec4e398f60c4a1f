import { Alert, Container, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';

import { PAYMENT_FILTERS, type PaymentFilter } from '@domain/billing/billing-rules';
import { BILLING_TEXT } from '@domain/billing/billing-text';
import { PAYMENTS_PAGE_SIZE } from '@domain/billing/billing-views';
import { formatUsd, pluralize } from '@domain/shared/format';

import { PaymentsList } from '@/components/billing/payments-list';
import { PaymentsPagination } from '@/components/billing/payments-pagination';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';

import { useBillingDashboard } from '../api/get-billing-dashboard';
import { usePayments } from '../api/get-payments';

const FILTER_LABELS: Record<PaymentFilter, string> = { active: 'Active', expired: 'Expired', all: 'All' };

/**
 * Payment History (part 2 section 2): the facility's posting credits and billing figures, then its
 * payments, filtered Active / Expired / All (default All) and paged by the server.
 */
export function PaymentHistory({ facilityName }: { facilityName: string | undefined }) {
  const [filter, setFilter] = useState<PaymentFilter>('all');
  const [page, setPage] = useState(1);
  const headingId = useId();
  const pageSize = PAYMENTS_PAGE_SIZE.default;
  const payments = usePayments({ filter, page, page_size: pageSize });
  const dashboard = useBillingDashboard();

  const data = payments.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  let list: ReactNode;
  if (payments.isError) {
    list = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
        {errorMessage(payments.error, BILLING_TEXT.paymentsLoadFailed)}
      </Alert>
    );
  } else if (!data) {
    list = (
      <Text c="dimmed" fz="sm" role="status">
        {BILLING_TEXT.paymentsLoading}
      </Text>
    );
  } else if (data.payments.length === 0) {
    list = (
      <Text c="dimmed" fz="sm">
        {BILLING_TEXT.paymentsEmpty}
      </Text>
    );
  } else {
    list = (
      <Stack gap="md" style={{ opacity: payments.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
        <PaymentsList payments={data.payments} />
        {pages > 1 && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm" c="gray.7">
              {pluralize(data.total, 'payment')}
            </Text>
            <PaymentsPagination total={pages} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
    );
  }

  const credits = dashboard.data?.posting_credits ?? data?.posting_credits;

  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Payment History · Tenens</title>
      <PageHeader
        eyebrow={facilityName ?? 'Your facility'}
        title="Payment History"
        description="Posting fees and credits for your facility's job postings."
      />
      <Stack gap="xl">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Billing summary">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" verticalSpacing="md">
            <Figure label="Posting credits available" value={credits} format={String} loading={credits === undefined} />
            <Figure
              label="Active subscriptions"
              value={dashboard.data?.active_subscriptions}
              format={String}
              loading={dashboard.isPending}
            />
            <Figure label="Monthly total" value={dashboard.data?.monthly_total} format={formatUsd} loading={dashboard.isPending} />
            <Figure
              label="Paid in the last 30 days"
              value={dashboard.data?.paid_last_30_days}
              format={formatUsd}
              loading={dashboard.isPending}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
          <Stack gap="md">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Title order={2} fz="lg" id={headingId}>
                Payments
              </Title>
              <SegmentedControl
                aria-label="Show payments"
                value={filter}
                onChange={(value) => {
                  setFilter(value as PaymentFilter);
                  setPage(1);
                }}
                data={PAYMENT_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
              />
            </Group>
            {list}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

function Figure<T>({
  label,
  value,
  format,
  loading,
}: {
  label: string;
  value: T | undefined;
  format: (value: T) => string;
  loading: boolean;
}) {
  return (
    <Stack gap={4} justify="space-between">
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
        {label}
      </Text>
      {value !== undefined ? (
        <Text fz={24} fw={700} c="gray.9" lh={1.1}>
          {format(value)}
        </Text>
      ) : loading ? (
        <Skeleton height={26} width={64} />
      ) : (
        <Text fz={24} fw={700} c="dimmed" lh={1.1}>
          —
        </Text>
      )}
    </Stack>
  );
}
