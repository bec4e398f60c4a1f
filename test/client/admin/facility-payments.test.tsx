import { screen, waitFor, within } from '@testing-library/react';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { signInAs, systemAdmin } from '../support/fixtures';
import { renderApp } from '../support/render';
import { paymentRow, paymentsPage, POSTING_ID } from '../billing/fixtures';

import { facility, FACILITY_ID, facilityUser, historyEntry } from './fixtures';

const BASE = `/admin/facilities/${FACILITY_ID}`;

function openFacility(payments: MockHandler) {
  const server = mockApi({
    'GET /users/me': json(200, systemAdmin),
    [`GET ${BASE}`]: json(200, facility()),
    [`GET ${BASE}/users`]: json(200, [facilityUser()]),
    [`GET ${BASE}/history`]: json(200, [historyEntry()]),
    [`GET ${BASE}/postings`]: json(200, []),
    [`GET ${BASE}/payments`]: payments,
  });
  signInAs(systemAdmin);
  return { server, ...renderApp(BASE) };
}

const section = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Bayview Surgery Center' }, { timeout: 10_000 });
  return screen.getByRole('region', { name: 'Payments' });
};

describe("facility detail page: 'Payments'", () => {
  test("the facility's payments with job, status, date, amount, type and payment status, paged by the server", async () => {
    const { server, user } = openFacility((call) =>
      json(
        200,
        paymentsPage(
          [paymentRow({ job_title: `Spine CRNA page ${call.query.get('page')}`, billing_type: 'prorated_cancellation', amount: 66.33 })],
          {
            total: 25,
            page: Number(call.query.get('page')),
          },
        ),
      ),
    );
    const payments = await section();
    const table = await within(payments).findByRole('table', { name: 'Facility payments' });
    expect(within(table).getAllByRole('row')[1].textContent).toBe('Spine CRNA page 1JobActiveJan 10, 2030$66.33FinalPaid');
    expect(within(table).getByRole('link', { name: 'Spine CRNA page 1' })).toHaveAttribute('href', `/jobs/${POSTING_ID}`);
    expect(within(payments).getByText('25 payments')).toBeInTheDocument();

    await user.click(within(payments).getByRole('button', { name: 'Page 2' }));
    expect(await within(payments).findByRole('link', { name: 'Spine CRNA page 2' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(`GET ${BASE}/payments`).at(-1)!.query.toString()).toBe('filter=all&page=2&page_size=20'));
  });

  test("none: 'No payments found.'", async () => {
    openFacility(json(200, paymentsPage([])));
    expect(await within(await section()).findByText('No payments found.')).toBeInTheDocument();
  });

  test("a failure: 'Failed to load payment history', the rest of the page stays", async () => {
    openFacility(json(500, {}));
    expect(await within(await section()).findByText('Failed to load payment history')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Basic Information' })).toBeInTheDocument();
  });
});
