/**
 * Renders one bids component the way a page would: the app's providers (Mantine in test mode,
 * query client, jotai session, live updates) and a memory router, at '/'.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import type { ApplicantBidView, FacilityBidView } from '@domain/bids';
import type { HistoryEntry } from '@domain/shared/history';

export function renderBids(ui: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/jobs/:id', element: <p>Job page</p> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProvider queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, user };
}

export const POSTING_ID = '0b8f3c1e-6d0a-4e52-9a1b-3f5c2d7e8a01';

let counter = 0;
const nextId = () => `5e0c1d2a-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

/** An applicant view of a bid; posted 185, bid 220, submitted. */
export function applicantBid(overrides: Partial<ApplicantBidView> = {}): ApplicantBidView {
  const bid: ApplicantBidView = {
    id: nextId(),
    job_posting_id: POSTING_ID,
    job_title: 'CRNA for a busy ambulatory surgery center',
    job_start_date: '2026-03-02',
    job_end_date: '2026-03-29',
    job_week_days: [2, 3, 4, 5, 6],
    job_hourly_rate: 185,
    job_total_contract_value: 37000,
    job_auto_expire_date: '2099-01-01T00:00:00.000Z',
    job_status: 'active',
    facility: { id: 'f-1', name: 'Bayview Surgery Center', city: 'San Diego', state: 'CA', type: 'Ambulatory Surgery Center' },
    proposed_rate: 220,
    counter_rate: null,
    current_rate: 220,
    agreed_rate: null,
    current_state: 'applicant_submitted',
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    posting_expired: false,
    needs_attention: false,
    filter: 'active',
    ...overrides,
  };
  bid.current_rate = overrides.current_rate ?? bid.counter_rate ?? bid.proposed_rate;
  return bid;
}

/** A facility view of a bid: an applicant view plus who the applicant is. */
export function facilityBid(overrides: Partial<FacilityBidView> = {}): FacilityBidView {
  return {
    ...applicantBid(overrides),
    applicant_id: 'a-1',
    applicant_name: 'Sam Rivera',
    applicant_experience_years: 10,
    applicant_license_state: 'CA',
    applicant_malpractice_provided: true,
    ...overrides,
    current_rate: overrides.current_rate ?? overrides.counter_rate ?? overrides.proposed_rate ?? 220,
  };
}

export function historyEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: nextId(),
    kind: 'bid',
    bid_id: 'b-1',
    job_posting_id: POSTING_ID,
    version: 1,
    position: '1',
    global_position: '1',
    type: 'BidSubmitted',
    at: '2026-02-01T10:00:00.000Z',
    side: 'applicant',
    actor: { user_id: 'u-applicant', name: 'Sam Rivera' },
    rate: 220,
    proposed_rate: 220,
    counter_rate: null,
    agreed_rate: null,
    state: 'applicant_submitted',
    ...overrides,
  };
}
