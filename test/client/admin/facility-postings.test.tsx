import { screen, waitFor, within } from '@testing-library/react';

import type { FacilityView } from '@domain/facilities/facility-view';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { signInAs, systemAdmin } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';

import { facility, FACILITY_ID, facilityPosting, facilityUser, historyEntry } from './fixtures';

const BASE = `/admin/facilities/${FACILITY_ID}`;

const live = facilityPosting({
  title: 'Live CRNA locum',
  status: 'active',
  hourly_rate: 185,
  bid_count: 2,
  awaiting_response_count: 1,
  created_at: '2026-11-21T09:00:00.000Z',
});
const draft = facilityPosting({
  title: 'Draft CRNA locum',
  status: 'draft',
  hourly_rate: 170,
  start_date: '2027-02-01',
  end_date: '2027-02-28',
  created_at: '2026-11-20T09:00:00.000Z',
});
const expired = facilityPosting({
  title: 'Expired CRNA locum',
  status: 'expired',
  hourly_rate: 150,
  bid_count: 1,
  created_at: '2026-10-01T09:00:00.000Z',
});
const withdrawn = facilityPosting({
  title: 'Withdrawn CRNA locum',
  status: 'withdrawn',
  hourly_rate: 160,
  bid_count: 1,
  created_at: '2026-09-01T09:00:00.000Z',
});

function facilityServer(postings: MockHandler, initial: Partial<FacilityView> = {}) {
  let record = facility(initial);
  return mockApi({
    'GET /users/me': json(200, systemAdmin),
    [`GET ${BASE}`]: () => json(200, record),
    [`GET ${BASE}/users`]: json(200, [facilityUser()]),
    [`GET ${BASE}/history`]: json(200, [historyEntry()]),
    [`GET ${BASE}/postings`]: postings,
    [`PUT ${BASE}/verify`]: () => {
      record = { ...record, verification_status: 'verified' };
      return json(200, record);
    },
    [`GET /job-postings/${live.id}`]: json(404, { detail: 'Job posting not found' }),
  });
}

async function openFacility() {
  signInAs(systemAdmin);
  const view = renderApp(BASE);
  await screen.findByRole('heading', { level: 1, name: 'Bayview Surgery Center' });
  return view;
}

const section = () => screen.getByRole('region', { name: 'Job postings' });

describe("facility detail page: 'Job postings'", () => {
  test('lists the postings newest first with status, rate, dates, bids and creation date, each linking to /jobs/{id}', async () => {
    const server = facilityServer(json(200, [live, draft, expired, withdrawn]));
    await openFacility();
    const table = await within(section()).findByRole('table', { name: 'Job postings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Job', 'Status', 'Rate', 'Bids', 'Created']);
    const rows = within(table).getAllByRole('row').slice(1);
    // The job cell: its title (a link) over its dates.
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Live CRNA locumDec 7, 2026 – Jan 3, 2027', 'Active', '$185/hr', '2 bids1 awaiting the facility', 'Nov 21, 2026'],
      ['Draft CRNA locumFeb 1, 2027 – Feb 28, 2027', 'Draft', '$170/hr', 'No bids', 'Nov 20, 2026'],
      ['Expired CRNA locumDec 7, 2026 – Jan 3, 2027', 'Expired', '$150/hr', '1 bid', 'Oct 1, 2026'],
      ['Withdrawn CRNA locumDec 7, 2026 – Jan 3, 2027', 'Withdrawn', '$160/hr', '1 bid', 'Sep 1, 2026'],
    ]);
    for (const posting of [live, draft, expired, withdrawn]) {
      expect(within(table).getByRole('link', { name: posting.title })).toHaveAttribute('href', `/jobs/${posting.id}`);
    }
    // Asked for once, after the facility itself loaded.
    expect(server.callsTo(`GET ${BASE}/postings`)).toHaveLength(1);
    const order = server.calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf(`GET ${BASE}/postings`)).toBeGreaterThan(order.indexOf(`GET ${BASE}`));
  });

  test('a posting link opens the job page, where the admin audits its negotiations', async () => {
    facilityServer(json(200, [live]));
    const { router, user } = await openFacility();
    await user.click(await within(section()).findByRole('link', { name: 'Live CRNA locum' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/jobs/${live.id}`));
  });

  test('says so when the facility has no postings', async () => {
    facilityServer(json(200, []));
    await openFacility();
    expect(await within(section()).findByText('This facility has no job postings yet.')).toBeInTheDocument();
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();
  });

  test('a failed load shows a notice in the section only; the rest of the page stays', async () => {
    facilityServer(json(500, { detail: 'Something went wrong on our side. Please try again in a moment.' }));
    await openFacility();
    expect(await within(section()).findByText('The job postings could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Basic Information' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load facility details')).not.toBeInTheDocument();
  });

  test('reloads with the record after an admin action', async () => {
    const server = facilityServer(json(200, [live]));
    const { user } = await openFacility();
    await within(section()).findByRole('table', { name: 'Job postings' });
    const loads = server.callsTo(`GET ${BASE}/postings`).length;
    await user.click(within(screen.getByRole('group', { name: 'Actions' })).getByRole('button', { name: 'Verify' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Verify facility' })).getByRole('button', { name: 'Verify facility' }));
    await waitFor(() => expect(server.callsTo(`GET ${BASE}/postings`).length).toBeGreaterThan(loads));
  });
});
