import { formatRate } from '@domain/shared/format';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { awaitingResponse, awaitsFacility, compareBidsForFacility } from '@domain/bids';
import { IconListDetails, IconUsers } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useId, useMemo } from 'react';

import { currentUserAtom } from '@/stores/session';

import { usePostingBids } from '../api/get-posting-bids';
import { useFacilityBidLiveUpdates } from '../api/live-bid-updates';
import { postingTakesMoves } from '../lib/bid-moves';
import { Disclosure } from './bid-history';
import { FacilityBidCard } from './facility-bid-card';
import { CardSkeletons, LoadFailedAlert } from './list-states';
import { PostingNegotiations } from './posting-negotiations';

export const APPLICANTS_MESSAGES = {
  none: 'No applications yet.',
  noneHint: 'New bids appear here the moment they arrive.',
  loadFailed: 'Failed to load the applicants',
  closed: 'This posting no longer takes applications, so its bids can no longer be answered.',
} as const;

/**
 * The applicants of /jobs/{id} for the posting's facility (and platform admins, read-only):
 * every bid in the facility order (submitted first), with accept / counter / reject / undo.
 * Live: a new bid appears within a second, highlighted, with a toast (for members; an admin is
 * told of the facility rather than to it). Without can_manage_bids (`canManageBids` false) a
 * member sees the bids without their actions.
 */
export function PostingApplicants({
  postingId,
  canManageBids = true,
  requiredLicenseState = null,
}: {
  postingId: string;
  canManageBids?: boolean;
  requiredLicenseState?: string | null;
}) {
  const user = useAtomValue(currentUserAtom);
  const headingId = useId();
  const bids = usePostingBids(postingId);
  const member = user?.role === 'facility_admin';
  const reader = member ? 'facility' : 'admin';
  const changed = useFacilityBidLiveUpdates(postingId, { announced: member });
  const canAct = member && canManageBids;

  const sorted = useMemo(() => [...(bids.data ?? [])].sort(compareBidsForFacility), [bids.data]);
  const awaiting = sorted.filter((bid) => awaitsFacility(bid.current_state) && !bid.posting_expired).length;
  const first = sorted[0];
  const closed = first ? !postingTakesMoves(first) : false;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={2} fz={{ base: 20, sm: 22 }} id={headingId}>
            Applicants
          </Title>
          {bids.data && (
            <Badge color="gray" variant="light" size="lg" aria-label={`${sorted.length} ${sorted.length === 1 ? 'bid' : 'bids'}`}>
              {sorted.length}
            </Badge>
          )}
        </Group>
        {first && (
          <Text fz="sm" c="dimmed">
            Posted rate {formatRate(first.job_hourly_rate)}
            {awaiting > 0 && (
              <>
                {' · '}
                <Text span fw={600} c="gray.9" inherit>
                  {awaitingResponse(awaiting, reader)}
                </Text>
              </>
            )}
          </Text>
        )}
      </Group>

      {closed && (
        <Text fz="sm" c="dimmed">
          {APPLICANTS_MESSAGES.closed}
        </Text>
      )}

      {bids.isPending ? (
        <CardSkeletons count={2} label="Loading the applicants" widths={['40%', '25%']} />
      ) : bids.isError ? (
        <LoadFailedAlert
          title={APPLICANTS_MESSAGES.loadFailed}
          error={bids.error}
          retrying={bids.isFetching}
          onRetry={() => void bids.refetch()}
        />
      ) : sorted.length === 0 ? (
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
          <Stack align="center" gap={6} ta="center">
            <IconUsers size={28} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600}>{APPLICANTS_MESSAGES.none}</Text>
            <Text fz="sm" c="dimmed">
              {APPLICANTS_MESSAGES.noneHint}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack component="ul" gap="md" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Bids on this posting">
          {sorted.map((bid) => (
            <li key={bid.id}>
              <FacilityBidCard
                bid={bid}
                highlighted={changed.has(bid.id)}
                canAct={canAct}
                reader={reader}
                requiredLicenseState={requiredLicenseState}
              />
            </li>
          ))}
        </Stack>
      )}

      {bids.data && sorted.length > 0 && (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
          <Disclosure label="Activity on this posting" icon={<IconListDetails size={16} stroke={1.75} aria-hidden />}>
            <PostingNegotiations postingId={postingId} />
          </Disclosure>
        </Paper>
      )}
    </Stack>
  );
}

export { PostingNegotiations };
