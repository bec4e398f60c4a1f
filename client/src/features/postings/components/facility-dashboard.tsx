import { formatDate, formatDatesWithWeeks, formatRate, pluralize } from '@domain/shared/format';
import { POSTING_MESSAGES, type FacilityPostingView, type PostingStatus } from '@domain/postings';
import { awaitingResponse } from '@domain/bids';
import { Alert, Button, Card, Container, Flex, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconBriefcase, IconClockHour4, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

import { loadingRegion } from '@/components/ui/loading-region';
import { PageHeader } from '@/components/ui/page-header';
import { useLiveEvent } from '@/hooks/use-live-updates';
import type { UserView } from '@domain/accounts/user-view';

import { useMyPostings } from '../api/get-my-postings';
import { postingKeys } from '../api/keys';

import classes from './postings.module.css';
import { NeedsResponseBadge, PostingStatusBadge } from './posting-status-badge';
import { RetryAlert } from './retry-alert';

export const FACILITY_DASHBOARD_MESSAGES = {
  noPostings: 'No job postings found. To post a job, click "post job" button above',
  beingVerified: "Your facility is currently being verified. Once verified, you'll be able to post jobs.",
  noMatches: 'No job postings found for the selected filter.',
  loadFailed: 'Failed to load your job postings',
} as const;

/**
 * The filter buttons. The spec names draft, active and expired; withdrawn postings get their own
 * button (they are neither live nor expired, and can be reactivated), as do filled ones (every
 * opening connected; they can be reopened), and 'All' shows everything.
 */
export const POSTING_FILTERS = ['draft', 'active', 'filled', 'withdrawn', 'expired', 'all'] as const;
export type PostingFilter = (typeof POSTING_FILTERS)[number];

const FILTER_LABELS: Record<PostingFilter, string> = {
  draft: 'Draft',
  active: 'Active',
  filled: 'Filled',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  all: 'All',
};

/** Draft when any draft exists, otherwise active (part 2 §2). */
export function defaultPostingFilter(postings: readonly FacilityPostingView[]): PostingFilter {
  return postings.some((posting) => posting.status === 'draft') ? 'draft' : 'active';
}

function isFilter(value: string | null): value is PostingFilter {
  return (POSTING_FILTERS as readonly string[]).includes(value ?? '');
}

function matches(posting: FacilityPostingView, filter: PostingFilter): boolean {
  return filter === 'all' || posting.status === (filter as PostingStatus);
}

function EmptyState({ icon, children, action }: { icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text c="gray.8" maw={480} role="status">
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** When the posting stops taking applications, or why it does not. */
function periodLine(posting: FacilityPostingView): string {
  switch (posting.status) {
    case 'draft':
      return posting.payment_pending ? 'Draft · awaiting payment' : 'Draft · not visible to job seekers';
    case 'active':
      return posting.remaining_days !== null
        ? `${pluralize(posting.remaining_days, 'day')} left · expires ${formatDate(posting.auto_expire_date)}`
        : `Expires ${formatDate(posting.auto_expire_date)}`;
    case 'filled':
      return `Filled · ${pluralize(posting.connections, 'connection')} for ${pluralize(posting.openings, 'opening')}`;
    case 'withdrawn':
      return `Withdrawn · period ends ${formatDate(posting.auto_expire_date)}`;
    case 'expired':
      return `Expired ${formatDate(posting.auto_expire_date)}`;
  }
}

function bidLine(posting: FacilityPostingView): string {
  if (posting.status === 'draft' && posting.bid_count === 0) return 'No bids yet';
  const bids = posting.bid_count === 0 ? 'No bids yet' : pluralize(posting.bid_count, 'bid');
  return posting.awaiting_response_count > 0 ? `${bids} · ${awaitingResponse(posting.awaiting_response_count, 'facility')}` : bids;
}

function PostingRow({ posting }: { posting: FacilityPostingView }) {
  const titleId = `posting-${posting.id}-title`;
  return (
    <Card component="li" className={classes.linkCard} padding="md" aria-labelledby={titleId}>
      <Stack gap={8}>
        <Flex
          direction={{ base: 'column-reverse', xs: 'row' }}
          justify="space-between"
          align={{ base: 'flex-start', xs: 'flex-start' }}
          gap={{ base: 6, xs: 'xs' }}
        >
          {/* h2: the list sits right under the page's h1. */}
          <Title order={2} fz="md" lh={1.35} id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <Link to={`/jobs/${posting.id}`} className={classes.coverLink}>
              {posting.title}
            </Link>
          </Title>
          <Group gap={6} wrap="wrap" style={{ flexShrink: 0 }}>
            {posting.needs_response && <NeedsResponseBadge />}
            <PostingStatusBadge status={posting.status} />
          </Group>
        </Flex>
        <Text fz="sm" c="gray.7">
          <Text span fz="sm" fw={600} c="gray.9">
            {formatRate(posting.hourly_rate)}
          </Text>
          {' · '}
          {formatDatesWithWeeks(posting.start_date, posting.end_date)}
          {' · '}
          {posting.role_type}, {posting.required_license_state} license
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap" fz="sm">
          <Text fz="sm" fw={posting.awaiting_response_count > 0 ? 600 : 400} c={posting.awaiting_response_count > 0 ? '#9a3412' : 'gray.7'}>
            {bidLine(posting)}
          </Text>
          <Text fz="sm" c="gray.6">
            {periodLine(posting)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

function FilterButtons({
  value,
  counts,
  onChange,
}: {
  value: PostingFilter;
  counts: Record<PostingFilter, number>;
  onChange: (filter: PostingFilter) => void;
}) {
  return (
    <Group gap="xs" role="group" aria-label="Filter job postings by status" wrap="wrap">
      {POSTING_FILTERS.map((filter) => (
        <Button
          key={filter}
          size="sm"
          radius="xl"
          variant={value === filter ? 'filled' : 'default'}
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
          rightSection={
            // Read as "Draft 2 postings". Named by its content, not an aria-label, so the name
            // holds the visible text (WCAG 2.5.3).
            <Text span fz="xs" fw={700} c={value === filter ? 'white' : 'gray.6'}>
              {counts[filter]}
              <VisuallyHidden> {counts[filter] === 1 ? 'posting' : 'postings'}</VisuallyHidden>
            </Text>
          }
        >
          {FILTER_LABELS[filter]}
        </Button>
      ))}
    </Group>
  );
}

/**
 * 'Your Job Postings' (part 2 §2): the facility's postings by status, live. `mayPost`: the member
 * holds can_create_jobs (the server refuses the others anyway; the button is not offered).
 */
export function FacilityDashboard({ user, mayPost = true }: { user: UserView; mayPost?: boolean }) {
  const facility = user.facility;
  const verified = facility?.verification_status === 'verified';
  const suspended = facility?.is_active === false;
  const canPost = verified && !suspended;

  const queryClient = useQueryClient();
  const postingsQuery = useMyPostings();
  // A colleague's change (or a new bid) on any of the facility's postings.
  useLiveEvent('posting.updated', () => void queryClient.invalidateQueries({ queryKey: postingKeys.mine() }));

  const [searchParams, setSearchParams] = useSearchParams();
  const postings = useMemo(() => postingsQuery.data ?? [], [postingsQuery.data]);
  const requested = searchParams.get('status');
  const filter: PostingFilter = isFilter(requested) ? requested : defaultPostingFilter(postings);
  const counts = useMemo(() => {
    const result = { draft: 0, active: 0, filled: 0, withdrawn: 0, expired: 0, all: postings.length } as Record<PostingFilter, number>;
    for (const posting of postings) result[posting.status] += 1;
    return result;
  }, [postings]);
  const shown = postings.filter((posting) => matches(posting, filter));

  const setFilter = (next: PostingFilter) =>
    setSearchParams(
      (params) => {
        params.set('status', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  const postButton =
    canPost && mayPost ? (
      <Button component={Link} to="/jobs/new" leftSection={<IconPlus size={18} stroke={2} />}>
        Post job
      </Button>
    ) : undefined;

  let content: ReactNode;
  if (postingsQuery.isPending) {
    content = (
      <Stack gap="sm" {...loadingRegion('Loading your job postings')}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={104} radius="lg" />
        ))}
      </Stack>
    );
  } else if (postingsQuery.isError) {
    content = <RetryAlert title={FACILITY_DASHBOARD_MESSAGES.loadFailed} onRetry={() => void postingsQuery.refetch()} />;
  } else if (postings.length === 0) {
    content = suspended ? (
      <EmptyState icon={<IconAlertCircle size={26} stroke={1.6} />}>{POSTING_MESSAGES.facilitySuspended}</EmptyState>
    ) : verified ? (
      <EmptyState icon={<IconBriefcase size={26} stroke={1.6} />}>{FACILITY_DASHBOARD_MESSAGES.noPostings}</EmptyState>
    ) : (
      <EmptyState icon={<IconShieldCheck size={26} stroke={1.6} />}>{FACILITY_DASHBOARD_MESSAGES.beingVerified}</EmptyState>
    );
  } else {
    content = (
      <Stack gap="md">
        {!canPost && (
          <Alert color="yellow" variant="light" icon={<IconClockHour4 size={20} />}>
            {suspended ? POSTING_MESSAGES.facilitySuspended : FACILITY_DASHBOARD_MESSAGES.beingVerified}
          </Alert>
        )}
        <FilterButtons value={filter} counts={counts} onChange={setFilter} />
        {shown.length === 0 ? (
          <EmptyState icon={<IconBriefcase size={26} stroke={1.6} />}>{FACILITY_DASHBOARD_MESSAGES.noMatches}</EmptyState>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${FILTER_LABELS[filter]} job postings`}>
            {shown.map((posting) => (
              <PostingRow key={posting.id} posting={posting} />
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Your Job Postings · Tenens</title>
      <PageHeader
        eyebrow={facility?.name ?? 'Your facility'}
        title="Your Job Postings"
        description="Postings with bids awaiting your response come first."
        actions={postButton}
      />
      {content}
    </Container>
  );
}
