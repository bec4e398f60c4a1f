import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconReceipt } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

import { billingTypeLabel } from '@domain/billing/billing-rules';
import { BILLING_TEXT, monthlyFee } from '@domain/billing/billing-text';
import type { BillingRecord, SubscriptionView } from '@domain/billing/billing-views';
import { formatDate, formatUsd } from '@domain/shared/format';

import { PaymentStatusBadge, SubscriptionStatusBadge } from '@/components/billing/billing-badges';
import { useIsPhone } from '@/hooks/use-is-phone';
import { errorMessage, isApiError } from '@/lib/api-client';

import { useSubscription } from '../api/get-subscription';

/**
 * A posting's billing (part 2 section 2), for its facility's billing managers and admins: the
 * subscription's status, monthly rate, current period and cancellation, then every payment.
 * 404 means none: 'No billing history available'.
 */
export function BillingHistory({ postingId }: { postingId: string }) {
  const headingId = useId();
  const subscription = useSubscription(postingId);

  let content: ReactNode;
  if (subscription.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-label="Loading billing history…">
        <Skeleton height={48} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (subscription.isError) {
    content =
      isApiError(subscription.error) && subscription.error.status === 404 ? (
        <Text fz="sm" c="dimmed">
          {BILLING_TEXT.historyNone}
        </Text>
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{errorMessage(subscription.error, BILLING_TEXT.historyLoadFailed)}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void subscription.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      );
  } else {
    content = <Subscription subscription={subscription.data} />;
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-labelledby={headingId}>
      <Group gap="xs" mb="md">
        <IconReceipt size={20} aria-hidden color="var(--mantine-color-tenens-7)" />
        <Title order={2} fz="lg" id={headingId}>
          Billing history
        </Title>
      </Group>
      {content}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fz="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text component="dd" fz="sm" fw={500} c="gray.9" m={0} mt={4}>
        {children}
      </Text>
    </div>
  );
}

function Subscription({ subscription }: { subscription: SubscriptionView }) {
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 2, sm: subscription.canceled_at ? 4 : 3 }} spacing="lg" verticalSpacing="md" m={0}>
        <Fact label="Status">
          <SubscriptionStatusBadge status={subscription.status} />
        </Fact>
        <Fact label="Monthly rate">{monthlyFee(subscription.monthly_rate)}</Fact>
        <Fact label="Current period">
          {formatDate(subscription.current_period_start)} – {formatDate(subscription.current_period_end)}
        </Fact>
        {subscription.canceled_at && <Fact label="Canceled on">{formatDate(subscription.canceled_at)}</Fact>}
      </SimpleGrid>
      {subscription.billing_records.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No payments recorded yet.
        </Text>
      ) : (
        <BillingRecords records={subscription.billing_records} />
      )}
    </Stack>
  );
}

function BillingRecords({ records }: { records: BillingRecord[] }) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Stack gap={0} component="ul" aria-label="Billing records" p={0} m={0} style={{ listStyle: 'none' }}>
        {records.map((record) => (
          <Group
            key={record.id}
            component="li"
            justify="space-between"
            gap="sm"
            py="sm"
            wrap="nowrap"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={2}>
              <Text fz="sm" fw={600} c="gray.9">
                {billingTypeLabel(record.billing_type)}
              </Text>
              <Text fz="xs" c="gray.7">
                {formatDate(record.paid_at ?? record.created_at)}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text fz="sm" fw={600} c="gray.9">
                {formatUsd(record.prorated_amount)}
              </Text>
              <PaymentStatusBadge status={record.status} size="sm" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md">
      <VisuallyHidden component="caption">Billing records</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((record) => (
          <Table.Tr key={record.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(record.paid_at ?? record.created_at)}</Table.Td>
            <Table.Td>{billingTypeLabel(record.billing_type)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatUsd(record.prorated_amount)}
            </Table.Td>
            <Table.Td>
              <PaymentStatusBadge status={record.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
