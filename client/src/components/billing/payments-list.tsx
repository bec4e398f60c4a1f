import { Anchor, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

import { billingTypeLabel } from '@domain/billing/billing-rules';
import type { PaymentRow } from '@domain/billing/billing-views';
import { formatDate, formatUsd } from '@domain/shared/format';

import { useIsPhone } from '@/hooks/use-is-phone';

import { JobStatusBadge, PaymentStatusBadge } from './billing-badges';

/**
 * Payment rows (part 2 section 2 Payment History): Job (linking to the posting), Job Status,
 * Date, Amount, Type, Payment Status. A table on wider screens, one card per payment on a phone.
 */
export function PaymentsList({
  payments,
  label = 'Payments',
  compact = false,
}: {
  payments: PaymentRow[];
  label?: string;
  /** For a narrow column (the admin console): the job's status sits under its title. */
  compact?: boolean;
}) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {payments.map((payment) => (
          <Paper key={payment.id} component="li" withBorder radius="md" p="md">
            <Stack gap={8}>
              <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                <JobLink payment={payment} />
                <Text fw={700} fz="sm" c="gray.9" style={{ whiteSpace: 'nowrap' }}>
                  {formatUsd(payment.amount)}
                </Text>
              </Group>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fz="sm" c="gray.7">
                  {formatDate(payment.payment_date)} · {billingTypeLabel(payment.billing_type)}
                </Text>
                <Group gap="sm">
                  <Group gap={4} wrap="nowrap">
                    <Text fz="xs" c="gray.7">
                      Job
                    </Text>
                    <JobStatusBadge status={payment.job_status} size="sm" />
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <Text fz="xs" c="gray.7">
                      Payment
                    </Text>
                    <PaymentStatusBadge status={payment.status} size="sm" />
                  </Group>
                </Group>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={compact ? 520 : 640} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <VisuallyHidden component="caption">{label}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            {!compact && <Table.Th style={{ whiteSpace: 'nowrap' }}>Job Status</Table.Th>}
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{compact ? 'Status' : 'Payment Status'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td maw={320} miw={compact ? 200 : undefined}>
                <JobLink payment={payment} />
                {compact && (
                  <Group gap={4} mt={4} wrap="nowrap">
                    <Text fz="xs" c="gray.7">
                      Job
                    </Text>
                    <JobStatusBadge status={payment.job_status} size="sm" />
                  </Group>
                )}
              </Table.Td>
              {!compact && (
                <Table.Td>
                  <JobStatusBadge status={payment.job_status} />
                </Table.Td>
              )}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(payment.payment_date)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatUsd(payment.amount)}
              </Table.Td>
              <Table.Td>{billingTypeLabel(payment.billing_type)}</Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={payment.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function JobLink({ payment }: { payment: PaymentRow }) {
  return (
    <Anchor component={Link} to={`/jobs/${payment.job_posting_id}`} fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {payment.job_title}
    </Anchor>
  );
}
