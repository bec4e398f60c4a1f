import { formatDate } from '@domain/shared/format';
import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LICENSE_EXPIRY_MESSAGES, licenseExpired } from '@domain/applicants/license-expiry';
import { BID_MESSAGES, LICENSE_MESSAGES, isConnected, licenseStateDiffers, stateWords, type ApplicantBidView } from '@domain/bids';
import type { PostingStatus } from '@domain/postings';
import { IconAlertCircle, IconAlertTriangle, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { loadingRegion } from '@/components/ui/loading-region';
import { errorMessage } from '@/lib/api-client';
import { currentUserAtom } from '@/stores/session';

import { useMyBids } from '../api/get-my-bids';
import { useApplicantBidLiveUpdates } from '../api/live-bid-updates';
import { alertTitleStyles } from './alert-styles';
import { AddToCalendarButton } from './add-to-calendar-button';
import { ApplicantBidActions } from './applicant-bid-actions';
import { applicantRateFacts } from './applicant-bid-card';
import { BidFacts } from './bid-facts';
import { BidForm } from './bid-form';
import { BidHistorySection } from './bid-history';
import { BidStateBadge } from './bid-state-badge';
import classes from './bids.module.css';

export const BID_SECTION_MESSAGES = {
  /** The server's own refusal text (BID_MESSAGES.notVerified), shown before anyone tries. */
  verificationPending: BID_MESSAGES.notVerified,
  expired: 'This posting has expired and no longer takes applications.',
  withdrawn: 'This posting was withdrawn and no longer takes applications.',
  filled: 'This position has been filled and no longer takes applications.',
  draft: 'This posting is not published yet, so it does not take applications.',
  loadFailed: 'Failed to load your bid',
} as const;

/** What the bid section needs of the posting its page has loaded. */
export interface BidSectionPosting {
  id: string;
  status: PostingStatus;
  hourly_rate: number;
  required_license_state: string;
}

function closedMessage(status: PostingStatus): string | null {
  switch (status) {
    case 'active':
      return null;
    case 'expired':
      return BID_SECTION_MESSAGES.expired;
    case 'withdrawn':
      return BID_SECTION_MESSAGES.withdrawn;
    case 'filled':
      return BID_SECTION_MESSAGES.filled;
    default:
      return BID_SECTION_MESSAGES.draft;
  }
}

function Frame({
  title,
  headingId,
  highlighted,
  attention,
  children,
}: {
  title: string;
  headingId: string;
  highlighted?: boolean;
  attention?: boolean;
  children: ReactNode;
}) {
  const className = [classes.card, attention && classes.attention, highlighted && classes.highlight].filter(Boolean).join(' ');
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} className={className}>
      <Stack gap="md">
        <Title order={2} fz={{ base: 20, sm: 22 }} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ExistingBid({ bid }: { bid: ApplicantBidView }) {
  const status = bid.posting_expired
    ? 'This posting has expired, so this application is closed.'
    : stateWords(bid.current_state, 'applicant').description;
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <BidStateBadge bid={bid} reader="applicant" />
      </Group>
      <Text fz="sm">
        {status}{' '}
        <Text span c="dimmed" inherit>
          You applied on {formatDate(bid.created_at)}.
        </Text>
      </Text>
      <BidFacts facts={applicantRateFacts(bid)} />
      <ApplicantBidActions bid={bid} stacked />
      {isConnected(bid.current_state) && !bid.posting_expired && <AddToCalendarButton bidId={bid.id} />}
      <BidHistorySection bidId={bid.id} postedRate={bid.job_hourly_rate} />
    </>
  );
}

/**
 * The applicant's part of /jobs/{id}: their bid (state, rates, the moves open to them, its
 * history), else the bid form, or why they cannot bid (verification pending, posting closed).
 * The page passes the posting it shows, so its live refetch (withdrawn, expired) reaches here too.
 */
/**
 * `licenseState`: the applicant's own, to warn before bidding on a job that requires another;
 * `licenseExpiresAt`: an expired license cannot bid, so the form gives way to how to fix it;
 * `rateInsight`: what the market agreed on for the posting's role and state, beside the bid form
 * (composed by the page).
 */
export function BidSection({
  posting,
  licenseState = null,
  licenseExpiresAt = null,
  rateInsight,
}: {
  posting: BidSectionPosting;
  licenseState?: string | null;
  licenseExpiresAt?: string | null;
  rateInsight?: (rate: number | null) => ReactNode;
}) {
  const user = useAtomValue(currentUserAtom);
  const headingId = useId();
  const isApplicant = user?.role === 'applicant';
  const bids = useMyBids({ enabled: isApplicant });
  const changed = useApplicantBidLiveUpdates();

  if (!isApplicant) return null;

  if (bids.isPending) {
    return (
      <Frame title="Your bid" headingId={headingId}>
        <Stack gap="sm" {...loadingRegion('Loading your bid')}>
          <Skeleton height={14} width="60%" />
          <Skeleton height={40} width={280} />
          <Skeleton height={36} width={140} />
        </Stack>
      </Frame>
    );
  }

  if (bids.isError) {
    return (
      <Frame title="Your bid" headingId={headingId}>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
          {errorMessage(bids.error, BID_SECTION_MESSAGES.loadFailed)}
        </Alert>
      </Frame>
    );
  }

  const bid = bids.data.find((item) => item.job_posting_id === posting.id);
  if (bid) {
    const attention = bid.current_state === 'facility_countered' && !bid.posting_expired;
    return (
      <Frame title="Your bid" headingId={headingId} highlighted={changed.has(bid.id)} attention={attention}>
        <ExistingBid bid={bid} />
      </Frame>
    );
  }

  const closed = closedMessage(posting.status);
  if (closed) {
    return (
      <Frame title="Apply for this job" headingId={headingId}>
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
          {closed}
        </Alert>
      </Frame>
    );
  }

  if (user.applicant?.verification_status !== 'verified') {
    return (
      <Frame title="Apply for this job" headingId={headingId}>
        <Alert
          color="blue"
          variant="light"
          icon={<IconClockHour4 size={20} aria-hidden />}
          title="Verification in progress"
          styles={alertTitleStyles('blue')}
        >
          {BID_SECTION_MESSAGES.verificationPending}
        </Alert>
      </Frame>
    );
  }

  if (licenseExpired(licenseExpiresAt, new Date())) {
    return (
      <Frame title="Apply for this job" headingId={headingId}>
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={LICENSE_EXPIRY_MESSAGES.expiredTitle}
          styles={alertTitleStyles('red')}
        >
          {LICENSE_EXPIRY_MESSAGES.expired}{' '}
          <Anchor component={Link} to="/applicant-profile" inherit fw={600}>
            Update your license
          </Anchor>
        </Alert>
      </Frame>
    );
  }

  return (
    <Frame title="Apply for this job" headingId={headingId}>
      {licenseState && licenseStateDiffers(licenseState, posting.required_license_state) && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={LICENSE_MESSAGES.applicantTitle}
          styles={alertTitleStyles('yellow')}
        >
          {LICENSE_MESSAGES.applicantWarning(licenseState, posting.required_license_state)}
        </Alert>
      )}
      <BidForm postingId={posting.id} postedRate={posting.hourly_rate} insight={rateInsight} />
    </Frame>
  );
}
