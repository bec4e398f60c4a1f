import { screen, within } from '@testing-library/react';

import type { UserView } from '@domain/accounts/user-view';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { permissions, signInAs, systemAdmin } from '../support/fixtures';
import { renderApp } from '../support/render';
import { facilityPosting, facilityUser } from '../postings/fixtures';

import { subscription } from './fixtures';

function openPosting(
  status: 'active' | 'draft' | 'withdrawn',
  history: MockHandler,
  user: UserView = facilityUser(),
  grants: CurrentFacilityPermissions = permissions({ role: 'admin' }),
) {
  const posting = facilityPosting({ status });
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, grants),
    [`GET /job-postings/${posting.id}`]: json(200, posting),
    [`GET /billing/subscription/${posting.id}`]: history,
  });
  renderApp(`/jobs/${posting.id}`);
  return { server, posting };
}

const section = () => screen.findByRole('region', { name: 'Billing history' }, { timeout: 10_000 });

describe('billing history on the posting page', () => {
  test('status, monthly rate, current period, cancellation and the records with type labels and status colours', async () => {
    openPosting(
      'withdrawn',
      json(
        200,
        subscription({
          status: 'canceled',
          canceled_at: '2030-01-20T12:00:00.000Z',
          billing_records: [
            ...subscription().billing_records,
            {
              id: '9b7e0000-0000-4000-8000-000000000003',
              prorated_amount: 66.33,
              status: 'failed',
              paid_at: null,
              created_at: '2030-01-20T12:00:00.000Z',
              billing_type: 'prorated_cancellation',
            },
          ],
        }),
      ),
    );
    const history = await section();
    await within(history).findByRole('table', { name: 'Billing records' });
    const fact = (label: string) => within(history).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Status')).toBe('Canceled');
    expect(fact('Monthly rate')).toBe('$199.00 per month');
    expect(fact('Current period')).toBe('Jan 10, 2030 – Feb 10, 2030');
    expect(fact('Canceled on')).toBe('Jan 20, 2030');

    const table = within(history).getByRole('table', { name: 'Billing records' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Type', 'Amount', 'Status']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Feb 10, 2030', 'Monthly', '$199.00', 'Pending'],
      ['Jan 10, 2030', 'Initial', '$199.00', 'Paid'],
      ['Jan 20, 2030', 'Final', '$66.33', 'Failed'],
    ]);
    const colour = (label: string) => within(table).getByText(label).closest('.mantine-Badge-root')!.getAttribute('style') ?? '';
    expect(colour('Paid')).toContain('green');
    expect(colour('Pending')).toContain('yellow');
    expect(colour('Failed')).toContain('red');
  });

  test("404 means none: 'No billing history available'", async () => {
    openPosting('active', json(404, { detail: 'No billing history available' }));
    expect(await within(await section()).findByText('No billing history available')).toBeInTheDocument();
  });

  test("a failed load says 'Failed to load billing history'", async () => {
    openPosting('active', json(500, {}));
    expect(await within(await section()).findByText('Failed to load billing history')).toBeInTheDocument();
  });

  test('admins see it too', async () => {
    openPosting('active', json(200, subscription()), systemAdmin);
    const history = await section();
    expect(await within(history).findByText('Active')).toBeInTheDocument();
    expect(within(history).getByRole('table', { name: 'Billing records' })).toBeInTheDocument();
  });

  test('not shown for drafts, nor to members who may not manage billing', async () => {
    const { server, posting } = openPosting('draft', json(200, subscription()));
    await screen.findByRole('heading', { level: 1, name: posting.title }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Billing history' })).not.toBeInTheDocument();
    expect(server.callsTo(`GET /billing/subscription/${posting.id}`)).toHaveLength(0);
  });

  test('a member without the billing permission does not see it', async () => {
    const { posting } = openPosting('active', json(200, subscription()), facilityUser(), permissions({ role: 'user' }));
    await screen.findByRole('heading', { level: 1, name: posting.title }, { timeout: 10_000 });
    expect(screen.getByRole('region', { name: 'Posting status' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Billing history' })).not.toBeInTheDocument();
  });
});
