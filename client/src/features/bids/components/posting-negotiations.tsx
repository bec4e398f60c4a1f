import { Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';

import { isAdminAtom } from '@/stores/session';

import { usePostingHistory } from '../api/get-posting-history';
import { PostingTimeAsOf } from './as-of';
import { HistoryList, HistoryQuery } from './history-list';

/**
 * Everything that happened on a posting: its own events merged with those of all its bids, in
 * log order (GET /job-postings/{id}/history). For the posting's facility and platform admins;
 * embeddable anywhere (e.g. the admin console). Admins also get a time slider over it.
 */
export function PostingNegotiations({ postingId }: { postingId: string }) {
  const history = usePostingHistory(postingId);
  const isAdmin = useAtomValue(isAdminAtom);
  return (
    <HistoryQuery
      query={history}
      loading="Loading the activity…"
      failed="Failed to load the activity on this posting"
      empty="Nothing has happened on this posting yet."
    >
      {(entries) =>
        isAdmin ? (
          <PostingTimeAsOf postingId={postingId} entries={entries} />
        ) : (
          <Stack gap="xs">
            <HistoryList entries={entries} label="Activity on this posting" />
          </Stack>
        )
      }
    </HistoryQuery>
  );
}
