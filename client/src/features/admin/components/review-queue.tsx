import { formatDate } from '@domain/shared/format';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import type { ReviewQueue as ReviewQueueData, ReviewQueueApplicant, ReviewQueueFacility } from '@domain/admin/review-queue';

import { reviewMessages } from '../lib/review-queue';

import { EmailVerifiedMark } from './applicants-list';
import { ListSkeleton } from './list-skeleton';

export interface ReviewQueueProps {
  queue: ReviewQueueData | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * The console's first tab: facilities and applicants awaiting verification, oldest first, each
 * with why it is in review and a link to its record. Cards at every width, so it reads on a phone.
 */
export function ReviewQueue({ queue, isLoading, error, onRetry }: ReviewQueueProps) {
  if (error) return <LoadFailed error={error} onRetry={onRetry} />;
  if (isLoading || !queue) return <ListSkeleton label="Loading the review queue…" />;
  if (queue.counts.facilities + queue.counts.applicants === 0)
    return (
      <Text ta="center" c="dimmed" py="xl" role="status">
        {reviewMessages.empty}
      </Text>
    );
  return (
    <Stack gap="xl">
      <QueueSection title="Facilities" count={queue.counts.facilities} shown={queue.facilities.length}>
        {queue.facilities.map((facility) => (
          <QueueRow key={facility.id} entry={facility} to={`/admin/facilities/${facility.id}`} type={facility.facility_type} />
        ))}
      </QueueSection>
      <QueueSection title="Applicants" count={queue.counts.applicants} shown={queue.applicants.length}>
        {queue.applicants.map((applicant) => (
          <QueueRow key={applicant.id} entry={applicant} to={`/admin/applicants/${applicant.id}`} type={applicant.role_type} />
        ))}
      </QueueSection>
    </Stack>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={reviewMessages.loadFailed}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{errorMessage(error, reviewMessages.loadFailed)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

function QueueSection({ title, count, shown, children }: { title: string; count: number; shown: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={`${title} awaiting review`}>
      <Group gap="xs" align="baseline">
        <Title order={2} fz="lg">
          {title} ({count})
        </Title>
        {shown < count && (
          <Text fz="sm" c="dimmed">
            {reviewMessages.showingOldest(shown, count)}
          </Text>
        )}
      </Group>
      <Paper withBorder shadow="xs" radius="lg" style={{ overflow: 'hidden' }}>
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** One record: name (link), type, email and whether it is confirmed, why in review and since when. */
function QueueRow({ entry, to, type }: { entry: ReviewQueueFacility | ReviewQueueApplicant; to: string; type: string | null }) {
  return (
    <Box component="li" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Anchor component={Link} to={to} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {entry.name || reviewMessages.unnamed}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {type ?? '—'}
          </Text>
          {entry.email ? (
            <Group gap={6} wrap="wrap">
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.email}
              </Text>
              <EmailVerifiedMark verified={entry.email_verified === true} />
            </Group>
          ) : (
            <Text fz="xs" c="dimmed">
              No email
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-start" style={{ flex: '0 1 280px' }}>
          <ReasonBadge entry={entry} />
          {entry.detail && <Text fz="xs">{entry.detail}</Text>}
          <Text fz="xs" c="dimmed">
            {reviewMessages.since(entry.reason)} <time dateTime={entry.in_review_since}>{formatDate(entry.in_review_since)}</time>
          </Text>
        </Stack>
      </Group>
    </Box>
  );
}

function ReasonBadge({ entry }: { entry: ReviewQueueFacility | ReviewQueueApplicant }) {
  const identity = entry.reason === 'identity_change';
  return (
    <Badge variant="light" color={identity ? 'orange' : 'blue'} c={identity ? '#8a3b00' : 'blue.9'} size="sm">
      {reviewMessages.reason[entry.reason]}
    </Badge>
  );
}
