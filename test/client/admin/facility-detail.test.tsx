import { act, screen, waitFor, within } from '@testing-library/react';

import type { UserView } from '@domain/accounts/user-view';
import type { FacilityView } from '@domain/facilities/facility-view';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { signInAs, systemAdmin } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';
import { onAPhone } from '../support/phone';

import { facility, FACILITY_ID, facilityPosting, facilityUser, historyEntry, reviewQueue } from './fixtures';

const BASE = `/admin/facilities/${FACILITY_ID}`;
const localIso = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).toISOString();

/** A server holding one facility record that the admin calls change. */
function facilityServer(initial: Partial<FacilityView> = {}, extra: Record<string, MockHandler> = {}, me: UserView = systemAdmin) {
  let record = facility(initial);
  const set = (change: Partial<FacilityView>) => {
    record = { ...record, ...change };
    return json(200, record);
  };
  const server = mockApi({
    'GET /users/me': json(200, me),
    [`GET ${BASE}`]: () => json(200, record),
    [`GET ${BASE}/users`]: json(200, [
      facilityUser(),
      facilityUser({
        id: 'u-9',
        first_name: 'Lee',
        last_name: 'Ng',
        email: 'lee@bayview.example',
        user_type: 'User',
        role: 'user',
        is_active: false,
      }),
    ]),
    [`GET ${BASE}/history`]: json(200, [historyEntry()]),
    [`GET ${BASE}/payments`]: json(200, { payments: [], total: 0, page: 1, page_size: 20, posting_credits: 0 }),
    [`PUT ${BASE}/verify`]: (call) =>
      call.query.get('verification_status') === 'verified'
        ? set({
            verification_status: 'verified',
            is_active: true,
            verification_notes: `[${localIso(2026, 11, 22, 10, 0)}] Verified by Platform Admin`,
          })
        : set({ verification_status: 'rejected' }),
    [`PUT ${BASE}/status`]: (call) => set({ is_active: call.json<{ is_active: boolean }>().is_active }),
    [`POST ${BASE}/add-credit`]: () => set({ posting_credits: record.posting_credits + 1 }),
    [`POST ${BASE}/notes`]: (call) =>
      set({ verification_notes: `[${localIso(2026, 11, 23, 9, 30)}] Note by Platform Admin: ${call.json<{ notes: string }>().notes}` }),
    [`POST ${BASE}/subtract-credit`]: () => set({ posting_credits: record.posting_credits - 1 }),
    [`POST ${BASE}/send-password-reset`]: json(200, { message: 'Password reset email sent successfully' }),
    [`PUT ${BASE}`]: (call) => set(call.json<Partial<FacilityView>>()),
    'GET /admin/review-queue': json(200, reviewQueue()),
    'GET /admin/facilities': json(200, []),
    'GET /admin/applicants': json(200, []),
    ...extra,
  });
  return { ...server, record: () => record };
}

async function openFacility(me: UserView = systemAdmin) {
  signInAs(me);
  const view = renderApp(BASE);
  await screen.findByRole('heading', { level: 1, name: 'Bayview Surgery Center' });
  return view;
}

const actions = () => within(screen.getByRole('group', { name: 'Actions' }));
const actionNames = () =>
  actions()
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('facility detail page', () => {
  test('shows badges, dates, basic information, users, credits, notes and history', async () => {
    facilityServer({
      verification_notes: [`[${localIso(2026, 11, 22, 10, 0)}] Verified by Platform Admin (docs ok)`, 'Legacy note'].join('\n'),
    });
    await openFacility();
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(header).getByText('Pending review')).toBeInTheDocument();
    expect(within(header).getByText('Active')).toBeInTheDocument();
    expect(header).toHaveTextContent(/Created \w{3} \d{1,2}, \d{4}, .* · Updated \w{3} \d{1,2}, \d{4}/);

    const info = screen.getByRole('region', { name: 'Basic Information' });
    expect(within(info).getByText('(619) 555-0100')).toBeInTheDocument();
    expect(within(info).getByText('San Diego, CA 92101')).toBeInTheDocument();

    const users = await screen.findByRole('table', { name: 'Facility users' });
    expect(
      within(users)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'User type', 'Status']);
    expect(within(users).getByText('Lee Ng')).toBeInTheDocument();
    expect(within(users).getByText('Inactive')).toBeInTheDocument();

    const notes = screen.getByRole('region', { name: 'Admin Notes' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['11/22/2026 10:00 AM: Verified by Platform Admin (docs ok)', 'Legacy note']);
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Facility signed up')).toBeInTheDocument();
  });

  test("'No notes' when there are none", async () => {
    facilityServer();
    await openFacility();
    expect(within(screen.getByRole('region', { name: 'Admin Notes' })).getByText('No notes')).toBeInTheDocument();
  });

  test.each([
    [{ verification_status: 'pending', is_active: true }, ['Verify', 'Reject']],
    [{ verification_status: 'rejected', is_active: true }, ['Verify']],
    [{ verification_status: 'rejected', is_active: false }, ['Verify', 'Activate']],
    [{ verification_status: 'verified', is_active: true }, ['Suspend']],
    [{ verification_status: 'verified', is_active: false }, ['Activate']],
  ] as const)('actions for %o: %o', async (state, expected) => {
    facilityServer(state);
    await openFacility();
    expect(actionNames()).toEqual(expected);
  });

  test('verify: notes optional; sends only the admin’s text; toast; record and history reloaded', async () => {
    const server = facilityServer();
    const { user } = await openFacility();
    await screen.findByText('Facility signed up');
    const historyLoads = server.callsTo(`GET ${BASE}/history`).length;

    await user.click(actions().getByRole('button', { name: 'Verify' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify facility' });
    expect(within(dialog).getByRole('button', { name: 'Verify facility' })).toBeEnabled();
    await user.type(within(dialog).getByLabelText('Notes (optional)'), '  docs ok ');
    await user.click(within(dialog).getByRole('button', { name: 'Verify facility' }));

    expect(await screen.findByText('Facility verified successfully')).toBeInTheDocument();
    const [call] = server.callsTo(`PUT ${BASE}/verify`);
    expect(call.query.get('verification_status')).toBe('verified');
    expect(call.query.get('notes')).toBe('docs ok');
    await waitFor(() => expect(actionNames()).toEqual(['Suspend']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(`GET ${BASE}/history`).length).toBeGreaterThan(historyLoads));
    expect(screen.getByRole('region', { name: 'Admin Notes' })).toHaveTextContent('11/22/2026 10:00 AM: Verified by Platform Admin');
  });

  test('an admin adds a free-form note: a blank one is refused in place, a good one is sent trimmed and listed', async () => {
    const server = facilityServer();
    const { user } = await openFacility();
    const notes = screen.getByRole('region', { name: 'Admin Notes' });
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Write a note first')).toBeInTheDocument();
    expect(server.callsTo(`POST ${BASE}/notes`)).toHaveLength(0);

    await user.type(within(notes).getByRole('textbox', { name: 'Add a note' }), '  Called about the NPI  ');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    expect(server.callsTo(`POST ${BASE}/notes`)[0].json()).toEqual({ notes: 'Called about the NPI' });
    await waitFor(() => expect(notes).toHaveTextContent('11/23/2026 9:30 AM: Note by Platform Admin: Called about the NPI'));
    expect(within(notes).getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
  });

  test('reject needs a reason: the button stays disabled while it is blank', async () => {
    const server = facilityServer();
    const { user } = await openFacility();
    await user.click(actions().getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject facility' });
    const reject = within(dialog).getByRole('button', { name: 'Reject facility' });
    expect(within(dialog).getByLabelText(/Reason/)).toBeRequired();
    expect(reject).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    expect(reject).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'License expired');
    expect(reject).toBeEnabled();
    await user.click(reject);
    expect(await screen.findByText('Facility rejected')).toBeInTheDocument();
    const [call] = server.callsTo(`PUT ${BASE}/verify`);
    expect(call.query.get('verification_status')).toBe('rejected');
    expect(call.query.get('notes')).toBe('License expired');
  });

  test('a failed action shows the server detail, a 422 list, or the fallback', async () => {
    let reply = json(409, { detail: 'This facility is already verified.' });
    facilityServer({}, { [`PUT ${BASE}/verify`]: () => reply });
    const { user } = await openFacility();

    await user.click(actions().getByRole('button', { name: 'Verify' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Verify facility' }));
    expect(await screen.findByText('This facility is already verified.')).toBeInTheDocument();

    reply = json(422, { detail: [{ loc: ['query', 'notes'], msg: 'Notes are limited to 2000 characters', type: 'too_big' }] });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Verify facility' }));
    expect(await screen.findByText('Validation error: notes: Notes are limited to 2000 characters')).toBeInTheDocument();

    reply = json(500, {});
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Verify facility' }));
    expect(await screen.findByText('Failed to verify facility')).toBeInTheDocument();
  });

  test('suspend and activate a verified facility', async () => {
    const server = facilityServer({ verification_status: 'verified' });
    const { user } = await openFacility();
    await user.click(actions().getByRole('button', { name: 'Suspend' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Suspend facility' })).getByRole('button', { name: 'Suspend facility' }));
    expect(await screen.findByText('Facility suspended')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${BASE}/status`)[0].json()).toEqual({ is_active: false });
    await waitFor(() => expect(actionNames()).toEqual(['Activate']));

    await user.click(actions().getByRole('button', { name: 'Activate' }));
    const dialog = screen.getByRole('dialog', { name: 'Activate facility' });
    await user.type(within(dialog).getByLabelText('Notes (optional)'), 'Paperwork received');
    await user.click(within(dialog).getByRole('button', { name: 'Activate facility' }));
    expect(await screen.findByText('Facility activated')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${BASE}/status`)[1].json()).toEqual({ is_active: true, notes: 'Paperwork received' });
  });

  test('posting credits: add and remove one at a time; remove is disabled at 0', async () => {
    const server = facilityServer({ verification_status: 'verified' });
    const { user } = await openFacility();
    const credits = screen.getByRole('region', { name: 'Posting Credits' });
    expect(within(credits).getByTestId('posting-credits')).toHaveTextContent('0');
    expect(within(credits).getByRole('button', { name: 'Remove posting credit' })).toBeDisabled();

    await user.click(within(credits).getByRole('button', { name: 'Add posting credit' }));
    expect(await screen.findByText('Posting credit added successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(credits).getByTestId('posting-credits')).toHaveTextContent('1'));
    await waitFor(() => expect(within(credits).getByRole('button', { name: 'Remove posting credit' })).toBeEnabled());

    await user.click(within(credits).getByRole('button', { name: 'Remove posting credit' }));
    expect(await screen.findByText('Posting credit removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(credits).getByTestId('posting-credits')).toHaveTextContent('0'));
    expect(server.callsTo(`POST ${BASE}/add-credit`)).toHaveLength(1);
    expect(server.callsTo(`POST ${BASE}/subtract-credit`)).toHaveLength(1);
  });

  test('a failed credit change toasts the fallback', async () => {
    facilityServer({ posting_credits: 2 }, { [`POST ${BASE}/subtract-credit`]: json(500, {}) });
    const { user } = await openFacility();
    await user.click(screen.getByRole('button', { name: 'Remove posting credit' }));
    expect(await screen.findByText('Failed to remove credit')).toBeInTheDocument();
  });

  test('edit: phone digits only (at most 10, formatted once complete), cancel restores, save sends PUT', async () => {
    const server = facilityServer();
    const { user } = await openFacility();
    const info = screen.getByRole('region', { name: 'Basic Information' });
    await user.click(within(info).getByRole('button', { name: 'Edit' }));

    const phone = within(info).getByLabelText(/Phone/);
    expect(phone).toHaveValue('(619) 555-0100');
    await user.clear(phone);
    await user.type(phone, '858-555');
    expect(phone).toHaveValue('858555');
    await user.type(phone, '01234567');
    expect(phone).toHaveValue('(858) 555-0123');

    await user.clear(within(info).getByLabelText(/Facility name/));
    await user.type(within(info).getByLabelText(/Facility name/), 'Draft name');
    await user.click(within(info).getByRole('button', { name: 'Cancel' }));
    expect(within(info).getByText('Bayview Surgery Center')).toBeInTheDocument();
    expect(within(info).getByText('(619) 555-0100')).toBeInTheDocument();

    await user.click(within(info).getByRole('button', { name: 'Edit' }));
    expect(within(info).getByLabelText(/Facility name/)).toHaveValue('Bayview Surgery Center');
    await user.clear(within(info).getByLabelText(/Facility name/));
    await user.type(within(info).getByLabelText(/Facility name/), 'Bayview Surgical');
    await user.clear(within(info).getByLabelText(/Phone/));
    await user.type(within(info).getByLabelText(/Phone/), '8585550123');
    await user.click(within(info).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Facility updated successfully')).toBeInTheDocument();
    const body = server.callsTo(`PUT ${BASE}`)[0].json<Record<string, unknown>>();
    expect(body).toMatchObject({
      name: 'Bayview Surgical',
      phone: '8585550123',
      state: 'CA',
      zip_code: '92101',
      website: 'https://bayview.example',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bayview Surgical' })).toBeInTheDocument();
  });

  test('edit offers the admin facility types and validates before saving', async () => {
    const server = facilityServer();
    const { user } = await openFacility();
    const info = screen.getByRole('region', { name: 'Basic Information' });
    await user.click(within(info).getByRole('button', { name: 'Edit' }));
    await user.click(within(info).getByRole('combobox', { name: 'Facility type' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Hospital',
      'Surgery Center',
      'Ambulatory Surgery Center',
      'Outpatient Surgery Center',
      'Medical Center',
      'Specialty Hospital',
      'Other',
    ]);
    await user.keyboard('{Escape}');

    await user.clear(within(info).getByLabelText(/City/));
    await user.click(within(info).getByRole('button', { name: 'Save changes' }));
    expect(await within(info).findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${BASE}`)).toHaveLength(0);
  });

  test('sends a password reset email to the facility admin', async () => {
    const server = facilityServer();
    const { user } = await openFacility();
    await user.click(screen.getByRole('button', { name: 'Send password reset' }));
    expect(await screen.findByText('Password reset email sent successfully')).toBeInTheDocument();
    expect(server.callsTo(`POST ${BASE}/send-password-reset`)).toHaveLength(1);
  });

  test('an admin with an unverified email sees the notice, can resend, and cannot verify or reject', async () => {
    const unverified = { ...systemAdmin, email_verified: false };
    const server = facilityServer({}, { 'POST /auth/resend-verification-email': json(200, { message: 'ok' }) }, unverified);
    const { user } = await openFacility(unverified);
    expect(screen.getByText('Email Verification Required')).toBeInTheDocument();
    expect(actions().getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(actions().getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent successfully')).toBeInTheDocument();
    expect(server.callsTo('POST /auth/resend-verification-email')[0].json()).toEqual({ email: 'admin@example.com' });
  });

  test('a load failure toasts and goes back to /admin', async () => {
    mockApi({
      'GET /users/me': json(200, systemAdmin),
      [`GET ${BASE}`]: json(404, { detail: 'Facility not found' }),
      'GET /admin/review-queue': json(200, reviewQueue()),
      'GET /admin/facilities': json(200, []),
      'GET /admin/applicants': json(200, []),
    });
    signInAs(systemAdmin);
    const { router } = renderApp(BASE);
    expect(await screen.findByText('Facility not found')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/admin'));
  });

  test('the users list failing leaves the table empty without a toast', async () => {
    facilityServer({}, { [`GET ${BASE}/users`]: json(500, {}) });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await openFacility();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load/)).not.toBeInTheDocument();
  });

  test("a pushed 'record.updated' for this facility reloads it", async () => {
    const server = facilityServer();
    await openFacility();
    const socket = fakeSockets[fakeSockets.length - 1];
    act(() => socket.simulateConnect());
    const loads = server.callsTo(`GET ${BASE}`).length;
    act(() => socket.simulateEvent('record.updated', { kind: 'facility', id: 'someone-else' }));
    act(() => socket.simulateEvent('record.updated', { kind: 'facility', id: FACILITY_ID }));
    await waitFor(() => expect(server.callsTo(`GET ${BASE}`).length).toBe(loads + 1));
  });
});

describe('facility detail page on a phone (below the sm breakpoint)', () => {
  onAPhone();

  test('its users and job postings are cards, so no column is cut off', async () => {
    facilityServer({}, { [`GET ${BASE}/postings`]: json(200, [facilityPosting({ bid_count: 2, awaiting_response_count: 1 })]) });
    await openFacility();
    const users = await screen.findByRole('list', { name: 'Facility users' });
    expect(screen.queryByRole('table', { name: 'Facility users' })).not.toBeInTheDocument();
    const [, lee] = within(users).getAllByRole('listitem');
    expect(lee).toHaveTextContent('Lee Ng');
    expect(lee).toHaveTextContent('lee@bayview.example');
    expect(lee).toHaveTextContent('User type: User');
    expect(within(lee).getByText('Inactive')).toBeInTheDocument();

    const postings = await screen.findByRole('list', { name: 'Job postings' });
    const [posting] = within(postings).getAllByRole('listitem');
    expect(within(posting).getByRole('link', { name: 'CRNA for a busy ambulatory surgery center' })).toBeInTheDocument();
    expect(posting).toHaveTextContent('Rate: $185/hr');
    expect(posting).toHaveTextContent('Bids: 2 bids (1 awaiting the facility)');
  });
});
