import { formatDate, formatRate } from '@domain/shared/format';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isConnected, LICENSE_MESSAGES, licenseStateDiffers, stateWords, type FacilityBidView, type FacilityReader } from '@domain/bids';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';

import { comparedToPosted } from '../lib/rates';
import { BidFacts, type BidFact } from './bid-facts';
import { AddToCalendarButton } from './add-to-calendar-button';
import { BidHistorySection } from './bid-history';
import { BidStateBadge } from './bid-state-badge';
import classes from './bids.module.css';
import { FacilityBidActions } from './facility-bid-actions';

function years(count: number): string {
  return count === 1 ? '1 year' : `${count} years`;
}

/** The facility's counter, as its members or an admin looking on read it. */
function counterLabel(bid: FacilityBidView, reader: FacilityReader): string {
  if (bid.current_state === 'applicant_countered') return 'Their counter';
  if (bid.counter_rate === null) return 'Counter';
  return reader === 'admin' ? "Facility's counter" : 'Your counter';
}

function facts(bid: FacilityBidView, requiredLicenseState: string | null, reader: FacilityReader): BidFact[] {
  const otherState = licenseStateDiffers(bid.applicant_license_state, requiredLicenseState);
  const list: BidFact[] = [
    { label: 'Experience', value: years(bid.applicant_experience_years) },
    {
      label: 'License state',
      value: bid.applicant_license_state ?? '—',
      hint: otherState && requiredLicenseState ? `Job requires ${requiredLicenseState}` : undefined,
    },
    { label: 'Malpractice', value: bid.applicant_malpractice_provided ? 'Provided' : 'Not provided' },
    {
      label: 'Proposed rate',
      value: formatRate(bid.proposed_rate),
      hint: comparedToPosted(bid.proposed_rate, bid.job_hourly_rate),
    },
    {
      label: counterLabel(bid, reader),
      value: bid.counter_rate !== null ? formatRate(bid.counter_rate) : 'None',
      hint: bid.counter_rate !== null ? comparedToPosted(bid.counter_rate, bid.job_hourly_rate) : undefined,
    },
  ];
  if (isConnected(bid.current_state) && bid.agreed_rate !== null) list.push({ label: 'Agreed rate', value: formatRate(bid.agreed_rate) });
  return list;
}

/**
 * One applicant's bid on the facility's posting, with the facility's moves and the bid's history.
 * An admin reads it told of the facility rather than to it.
 */
export function FacilityBidCard({
  bid,
  highlighted,
  canAct,
  reader = 'facility',
  requiredLicenseState = null,
}: {
  bid: FacilityBidView;
  highlighted?: boolean;
  canAct: boolean;
  reader?: FacilityReader;
  /** The posting's required license state: a bidder licensed elsewhere is flagged. */
  requiredLicenseState?: string | null;
}) {
  const titleId = useId();
  const className = [classes.card, highlighted && classes.highlight].filter(Boolean).join(' ');
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} className={className}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Title order={3} fz={{ base: 17, sm: 18 }} id={titleId}>
                {bid.applicant_name ?? 'Applicant'}
              </Title>
              {highlighted && bid.current_state === 'applicant_submitted' && (
                <Badge size="sm" color="tenens" variant="filled">
                  New
                </Badge>
              )}
            </Group>
            <Text fz="sm" c="dimmed">
              Applied {formatDate(bid.created_at)} · {stateWords(bid.current_state, reader).description}
            </Text>
          </Stack>
          <BidStateBadge bid={bid} reader={reader} />
        </Group>
        {requiredLicenseState && licenseStateDiffers(bid.applicant_license_state, requiredLicenseState) && (
          <Group gap={6} c="orange.9" fz="sm" fw={600} wrap="nowrap">
            <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
            <span>{LICENSE_MESSAGES.facilityFlag(requiredLicenseState)}</span>
          </Group>
        )}
        <BidFacts facts={facts(bid, requiredLicenseState, reader)} />
        <BidHistorySection
          bidId={bid.id}
          postedRate={bid.job_hourly_rate}
          actions={
            isConnected(bid.current_state) && !bid.posting_expired ? (
              <AddToCalendarButton bidId={bid.id} />
            ) : canAct ? (
              <FacilityBidActions bid={bid} />
            ) : undefined
          }
        />
      </Stack>
    </Paper>
  );
}
