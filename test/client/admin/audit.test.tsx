import { screen, waitFor, within } from '@testing-library/react';

import type { AuditPage, AuditRow } from '@domain/admin/audit';

import { json, mockApi, type ApiCall } from '../support/api-mock';
import { signInAs, systemAdmin } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';

const row = (position: number, overrides: Partial<AuditRow> = {}): AuditRow => ({
  position: String(position),
  at: '2026-11-20T10:00:00.000Z',
  stream: 'facility-f1',
  stream_type: 'facility',
  version: 0,
  event_type: 'FacilityRegistered',
  actor: { user_id: 'u1', name: 'Dana Whitfield', email: 'dana@bayview.test', role: 'facility' },
  record: { type: 'facility', id: 'f1', name: 'Bayview Surgery Center', link: '/admin/facilities/f1', posting_id: null },
  data: { name: 'Bayview Surgery Center' },
  ...overrides,
});

function server(pages: Record<string, AuditPage>) {
  return mockApi({
    'GET /users/me': json(200, systemAdmin),
    'GET /admin/audit': (call: ApiCall) => json(200, pages[call.query.get('cursor') ?? ''] ?? { rows: [], next_cursor: null }),
  });
}

describe('/admin/audit', () => {
  test('reads its filters from the URL, sends them, and pages on with the cursor', async () => {
    const api = server({
      '': {
        rows: [
          row(9),
          row(8, { event_type: 'FacilityVerified', actor: { user_id: null, name: 'Ada Admin', email: 'ada@tenens.test', role: 'admin' } }),
        ],
        next_cursor: '8',
      },
      '8': { rows: [row(7, { event_type: 'PostingCreditAdded' })], next_cursor: null },
    });
    signInAs(systemAdmin);
    const { user } = renderApp('/admin/audit?actor=dana%40bayview.test&stream_type=facility&ignored=1');
    // The first render also loads the lazy page.
    const table = await screen.findByRole('table', { name: 'Audit log' }, { timeout: 10_000 });
    expect(screen.getByRole('textbox', { name: 'Actor' })).toHaveValue('dana@bayview.test');
    const first = api.calls.find((call) => call.path === '/admin/audit')!;
    expect(Object.fromEntries(first.query)).toEqual({ actor: 'dana@bayview.test', stream_type: 'facility' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('link', { name: 'Bayview Surgery Center' })[0]).toHaveAttribute('href', '/admin/facilities/f1');

    await user.click(screen.getByRole('button', { name: 'Load older events' }));
    expect(await within(table).findByRole('button', { name: 'PostingCreditAdded' })).toBeVisible();
    expect(
      api.calls
        .filter((call) => call.path === '/admin/audit')
        .at(-1)!
        .query.get('cursor'),
    ).toBe('8');
    expect(screen.queryByRole('button', { name: 'Load older events' })).toBeNull();
  });

  test('applying filters puts them in the URL; a row opens its event data', async () => {
    server({ '': { rows: [row(3)], next_cursor: null } });
    signInAs(systemAdmin);
    const { user, router } = renderApp('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    await user.type(screen.getByRole('textbox', { name: 'Actor' }), 'dana@bayview.test');
    await user.type(screen.getByRole('textbox', { name: 'Record' }), 'Bayview');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/audit?actor=dana%40bayview.test&q=Bayview'));

    await user.click(screen.getByRole('button', { name: 'FacilityRegistered' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/"name": "Bayview Surgery Center"/)).toBeVisible();
    expect(within(dialog).getByText(/Dana Whitfield <dana@bayview.test> as facility/)).toBeVisible();
  });

  test('says when nothing matches and offers to clear the filters', async () => {
    server({});
    signInAs(systemAdmin);
    const { user, router } = renderApp('/admin/audit?q=nothing');
    expect(await screen.findByText('No events match these filters.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/audit'));
  });
});
