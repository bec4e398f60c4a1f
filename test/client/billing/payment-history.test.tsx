import { screen, waitFor, within } from '@testing-library/react';

import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { permissions, signInAs } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';
import { facilityUser } from '../postings/fixtures';

import { paymentRow, paymentsPage, POSTING_ID } from './fixtures';

const DASHBOARD = { posting_credits: 2, active_subscriptions: 3, monthly_total: 597, paid_last_30_days: 398.5 };

function openPaymentHistory(payments: MockHandler, grants: CurrentFacilityPermissions = permissions({ can_manage_billing: true })) {
  const user = facilityUser();
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, grants),
    'GET /billing/payments': payments,
    'GET /billing/dashboard': json(200, DASHBOARD),
  });
  return { server, ...renderApp('/payment-history') };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Payment History' }, { timeout: 10_000 });

describe('/payment-history', () => {
  test('credits and billing figures, then the payments table, newest first, each job linking to its posting', async () => {
    const { server } = openPaymentHistory(
      json(
        200,
        paymentsPage([
          paymentRow({ job_title: 'Spine CRNA', billing_type: 'monthly', status: 'pending', payment_date: '2030-02-10T12:00:00.000Z' }),
          paymentRow({ job_title: 'Spine CRNA', billing_type: 'initial', amount: 199 }),
          paymentRow({ job_title: 'Ortho CRNA', job_status: 'expired', billing_type: 'credit', amount: 0, status: 'paid' }),
        ]),
      ),
    );
    await heading();
    const summary = screen.getByRole('region', { name: 'Billing summary' });
    const figure = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(figure('Active subscriptions')).toBe('3'));
    expect(figure('Posting credits available')).toBe('2');
    expect(figure('Monthly total')).toBe('$597.00');
    expect(figure('Paid in the last 30 days')).toBe('$398.50');

    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Job', 'Job Status', 'Date', 'Amount', 'Type', 'Payment Status']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Spine CRNA', 'Active', 'Feb 10, 2030', '$199.00', 'Monthly', 'Pending'],
      ['Spine CRNA', 'Active', 'Jan 10, 2030', '$199.00', 'Initial', 'Paid'],
      ['Ortho CRNA', 'Expired', 'Jan 10, 2030', '$0.00', 'Credit', 'Paid'],
    ]);
    expect(within(table).getByRole('link', { name: 'Ortho CRNA' })).toHaveAttribute('href', `/jobs/${POSTING_ID}`);
    // Default filter: All.
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(server.callsTo('GET /billing/payments')[0].query.toString()).toBe('filter=all&page=1&page_size=20');
  });

  test('the filter asks the server for Active or Expired payments, from the first page', async () => {
    const { server, user } = openPaymentHistory((call) =>
      json(
        200,
        paymentsPage(
          call.query.get('filter') === 'expired' ? [paymentRow({ job_title: 'Old job', job_status: 'expired' })] : [paymentRow()],
          {
            total: 45,
            page: Number(call.query.get('page')),
          },
        ),
      ),
    );
    await heading();
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.callsTo('GET /billing/payments').at(-1)!.query.get('page')).toBe('2'));

    await user.click(screen.getByRole('radio', { name: 'Expired' }));
    expect(await screen.findByRole('link', { name: 'Old job' })).toBeInTheDocument();
    expect(server.callsTo('GET /billing/payments').at(-1)!.query.toString()).toBe('filter=expired&page=1&page_size=20');
    await user.click(screen.getByRole('radio', { name: 'Active' }));
    await waitFor(() => expect(server.callsTo('GET /billing/payments').at(-1)!.query.get('filter')).toBe('active'));
  });

  test("loading says 'Loading payment history...'; nothing found says 'No payments found.'", async () => {
    let answer: (value: unknown) => void = () => undefined;
    openPaymentHistory(() => new Promise((resolve) => (answer = resolve)).then(() => json(200, paymentsPage([]))));
    await heading();
    expect(await screen.findByText('Loading payment history...')).toBeInTheDocument();
    answer(undefined);
    expect(await screen.findByText('No payments found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test("a failed load shows 'Failed to load payment history' in a box", async () => {
    openPaymentHistory(json(500, {}));
    await heading();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load payment history');
  });

  test('members who may not manage billing are sent to their dashboard', async () => {
    const user = facilityUser();
    signInAs(user);
    mockApi({
      'GET /users/me': json(200, user),
      'GET /users/me/facility-permissions': json(200, permissions({ role: 'user' })),
      'GET /job-postings/my-postings': json(200, []),
    });
    const { router } = renderApp('/payment-history');
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'), { timeout: 10_000 });
  });
});
