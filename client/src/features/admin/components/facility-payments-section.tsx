import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { BILLING_TEXT } from '@domain/billing/billing-text';
import { formatUsd, pluralize } from '@domain/shared/format';

import { PaymentsList } from '@/components/billing/payments-list';
import { PaymentsPagination } from '@/components/billing/payments-pagination';

import { useAdminFacilityPayments } from '../api/get-facility-payments';

import { SectionContent, SectionCard } from './section-card';

/** The facility's payments for its postings (GET /admin/facilities/{id}/payments), newest first, paged. */
export function FacilityPaymentsSection({ facilityId, enabled }: { facilityId: string; enabled: boolean }) {
  const [page, setPage] = useState(1);
  const payments = useAdminFacilityPayments(facilityId, page, enabled);
  const data = payments.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const paidOnPage = data?.payments.filter((row) => row.status === 'paid').reduce((sum, row) => sum + row.amount, 0) ?? 0;

  return (
    <SectionCard title="Payments">
      <SectionContent
        error={payments.error}
        isLoading={!data}
        isEmpty={!data?.payments.length}
        failed={BILLING_TEXT.paymentsLoadFailed}
        loadingLabel={BILLING_TEXT.paymentsLoading}
        empty={BILLING_TEXT.paymentsEmpty}
      >
        {() => (
          <Stack gap="md">
            <PaymentsList payments={data?.payments ?? []} label="Facility payments" compact />
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text fz="sm" c="gray.7">
                {pluralize(data?.total ?? 0, 'payment')}
                {pages === 1 && paidOnPage > 0 ? ` · ${formatUsd(paidOnPage)} paid` : ''}
              </Text>
              {pages > 1 && <PaymentsPagination total={pages} value={page} onChange={setPage} />}
            </Group>
          </Stack>
        )}
      </SectionContent>
    </SectionCard>
  );
}
