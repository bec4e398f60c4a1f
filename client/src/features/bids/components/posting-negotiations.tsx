import { Alert, Group, Loader, Stack, Text } from '@mantine/core';

import { errorMessage } from '@/lib/api-client';

import { usePostingHistory } from '../api/get-posting-history';
import { HistoryList } from './history-list';

/**
 * Everything that happened on a posting: its own events merged with those of all its bids, in
 * log order (GET /job-postings/{id}/history). For the posting's facility and platform admins;
 * embeddable anywhere (e.g. the admin console).
 */
export function PostingNegotiations({ postingId }: { postingId: string }) {
  const history = usePostingHistory(postingId);
  if (history.isPending) {
    return (
      <Group gap="xs" py="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          Loading the activity…
        </Text>
      </Group>
    );
  }
  if (history.isError) {
    return (
      <Alert color="red" variant="light" py="xs">
        {errorMessage(history.error, 'Failed to load the activity on this posting')}
      </Alert>
    );
  }
  if (history.data.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        Nothing has happened on this posting yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <HistoryList entries={history.data} label="Activity on this posting" />
    </Stack>
  );
}
