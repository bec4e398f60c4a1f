import { api } from '@/lib/api-client';

/** GET /job-bids/{id}/calendar.ics: a connected bid's assignment as an iCalendar file (text). */
export function getBidCalendar(bidId: string): Promise<string> {
  return api.get<string>(`/job-bids/${bidId}/calendar.ics`, { headers: { Accept: 'text/calendar' } });
}
