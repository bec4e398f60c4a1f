import { CALENDAR_FILE_NAME } from '@domain/bids/job-calendar';
import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

import { getBidCalendar } from '../api/get-bid-calendar';

/** Hands the browser a file to save or open (a calendar app picks up .ics). */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * "Add to calendar" on a connected bid, for both sides: the assignment's working days at the
 * facility's address as an .ics file (the same invite the connection email carries). The file
 * needs the session's token, so it is fetched, then handed over.
 */
export function AddToCalendarButton({ bidId, size = 'sm' }: { bidId: string; size?: 'xs' | 'sm' | 'md' }) {
  const calendar = useMutation({
    mutationFn: () => getBidCalendar(bidId),
    onSuccess: (ics) => download(ics, CALENDAR_FILE_NAME),
    onError: (error) => notifyError(errorMessage(error, 'Failed to get the calendar invite')),
  });
  return (
    <Button
      size={size}
      variant="light"
      leftSection={<IconCalendarPlus size={16} aria-hidden />}
      loading={calendar.isPending}
      onClick={() => calendar.mutate()}
    >
      Add to calendar
    </Button>
  );
}
