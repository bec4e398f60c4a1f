import { screen, waitFor, within } from '@testing-library/react';

import type { UserView } from '@domain/accounts/user-view';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { signInAs, systemAdmin } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';

import { applicant, APPLICANT_ID, historyEntry, reviewQueue } from './fixtures';

const BASE = `/admin/applicants/${APPLICANT_ID}`;

function applicantServer(initial: Partial<ApplicantView> = {}, extra: Record<string, MockHandler> = {}, me: UserView = systemAdmin) {
  let record = applicant(initial);
  const set = (change: Partial<ApplicantView>) => {
    record = { ...record, ...change };
    return json(200, record);
  };
  return mockApi({
    'GET /users/me': json(200, me),
    [`GET ${BASE}`]: () => json(200, record),
    [`GET ${BASE}/history`]: json(200, [
      historyEntry({ type: 'ApplicantRegistered', actor: { user_id: 'u-2', side: 'applicant', name: null } }),
      historyEntry({
        version: 1,
        type: 'ApplicantRejected',
        actor: { user_id: 'a', side: 'admin', name: 'Platform Admin' },
        data: { notes: 'Rejected by Platform Admin (blurry license)' },
      }),
    ]),
    [`PUT ${BASE}/verify`]: (call) =>
      set({ verification_status: call.query.get('verification_status') === 'verified' ? 'verified' : 'rejected' }),
    [`PUT ${BASE}/status`]: (call) => set({ is_active: call.json<{ is_active: boolean }>().is_active }),
    [`PUT ${BASE}`]: (call) => set(call.json<Partial<ApplicantView>>()),
    [`POST ${BASE}/send-password-reset`]: json(200, { message: 'ok' }),
    'GET /admin/review-queue': json(200, reviewQueue()),
    'GET /admin/facilities': json(200, []),
    'GET /admin/applicants': json(200, []),
    ...extra,
  });
}

async function openApplicant(me: UserView = systemAdmin) {
  signInAs(me);
  const view = renderApp(BASE);
  await screen.findByRole('heading', { level: 1, name: 'Sam Rivera' });
  return view;
}

const actions = () => within(screen.getByRole('group', { name: 'Actions' }));
const actionNames = () =>
  actions()
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('applicant detail page', () => {
  test('shows the record, the account, notes and a readable history', async () => {
    applicantServer();
    await openApplicant();
    const details = screen.getByRole('region', { name: 'Applicant Details' });
    expect(details).toHaveTextContent('RN123456 (CA)');
    expect(details).toHaveTextContent('$150 – $200 per hour');
    expect(details).toHaveTextContent('BLS, ACLS');
    const account = screen.getByRole('region', { name: 'Account' });
    expect(account).toHaveTextContent('sam@example.com');
    expect(within(screen.getByRole('region', { name: 'Admin Notes' })).getByText('No notes')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Rejected by Platform Admin')).toBeInTheDocument();
    expect(within(history).getByText('blurry license')).toBeInTheDocument();
    expect(within(history).getByText('Applicant signed up')).toBeInTheDocument();
  });

  test('a pending applicant who confirmed their email reads as pending review, never as verified', async () => {
    applicantServer({ verification_status: 'pending' });
    await openApplicant();
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(header).getByText('Pending review')).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('Email confirmed')).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });

  test.each([
    [{ verification_status: 'pending', is_active: true }, ['Verify', 'Reject']],
    [{ verification_status: 'rejected', is_active: true }, ['Verify', 'Reject']],
    [{ verification_status: 'rejected', is_active: false }, ['Verify', 'Reject', 'Activate']],
    [{ verification_status: 'verified', is_active: true }, ['Deactivate']],
    [{ verification_status: 'verified', is_active: false }, ['Activate']],
  ] as const)('actions for %o: %o', async (state, expected) => {
    applicantServer(state);
    await openApplicant();
    expect(actionNames()).toEqual(expected);
  });

  test('verify with optional notes', async () => {
    const server = applicantServer();
    const { user } = await openApplicant();
    await user.click(actions().getByRole('button', { name: 'Verify' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Verify applicant' })).getByRole('button', { name: 'Verify applicant' }));
    expect(await screen.findByText('Applicant verified successfully')).toBeInTheDocument();
    const [call] = server.callsTo(`PUT ${BASE}/verify`);
    expect(call.query.get('verification_status')).toBe('verified');
    expect(call.query.has('notes')).toBe(false);
    await waitFor(() => expect(actionNames()).toEqual(['Deactivate']));
  });

  test('reject needs a reason', async () => {
    const server = applicantServer({ verification_status: 'rejected' });
    const { user } = await openApplicant();
    await user.click(actions().getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject applicant' });
    expect(within(dialog).getByRole('button', { name: 'Reject applicant' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'License not found');
    await user.click(within(dialog).getByRole('button', { name: 'Reject applicant' }));
    expect(await screen.findByText('Applicant rejected')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${BASE}/verify`)[0].query.get('notes')).toBe('License not found');
  });

  test('deactivate and activate both need a reason', async () => {
    const server = applicantServer({ verification_status: 'verified' });
    const { user } = await openApplicant();

    await user.click(actions().getByRole('button', { name: 'Deactivate' }));
    let dialog = screen.getByRole('dialog', { name: 'Deactivate applicant' });
    expect(within(dialog).getByRole('button', { name: 'Deactivate applicant' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'License lapsed');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate applicant' }));
    expect(await screen.findByText('Applicant deactivated')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${BASE}/status`)[0].json()).toEqual({ is_active: false, notes: 'License lapsed' });

    await waitFor(() => expect(actionNames()).toEqual(['Activate']));
    await user.click(actions().getByRole('button', { name: 'Activate' }));
    dialog = screen.getByRole('dialog', { name: 'Activate applicant' });
    const confirm = within(dialog).getByRole('button', { name: 'Activate applicant' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Renewed');
    await user.click(confirm);
    expect(await screen.findByText('Applicant activated')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${BASE}/status`)[1].json()).toEqual({ is_active: true, notes: 'Renewed' });
  });

  test('failures: the detail, or the fallback', async () => {
    applicantServer({ verification_status: 'verified' }, { [`PUT ${BASE}/status`]: json(500, {}) });
    const { user } = await openApplicant();
    await user.click(actions().getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate applicant' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate applicant' }));
    expect(await screen.findByText('Failed to deactivate applicant')).toBeInTheDocument();
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog', { name: 'Deactivate applicant' })).toBeInTheDocument();
  });

  test('edit and save, with the toast; cancel restores', async () => {
    const server = applicantServer();
    const { user } = await openApplicant();
    const details = screen.getByRole('region', { name: 'Applicant Details' });
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    expect(within(details).getByLabelText(/License expires/)).toHaveValue('2028-06-30');
    await user.clear(within(details).getByLabelText(/First name/));
    await user.type(within(details).getByLabelText(/First name/), 'Samuel');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Applicant updated successfully')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${BASE}`)[0].json()).toMatchObject({
      first_name: 'Samuel',
      last_name: 'Rivera',
      license_state: 'CA',
      license_expires_at: '2028-06-30',
      certifications: ['BLS', 'ACLS'],
      job_search_frequency_days: 7,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Samuel Rivera' })).toBeInTheDocument();

    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    await user.clear(within(details).getByLabelText(/First name/));
    await user.click(within(details).getByRole('button', { name: 'Cancel' }));
    expect(details).toHaveTextContent('Samuel Rivera');
  });

  test('a failed save shows the 422 list', async () => {
    applicantServer(
      {},
      {
        [`PUT ${BASE}`]: json(422, { detail: [{ loc: ['body', 'npi'], msg: 'NPI 1234567893 is already registered.', type: 'conflict' }] }),
      },
    );
    const { user } = await openApplicant();
    const details = screen.getByRole('region', { name: 'Applicant Details' });
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Validation error: npi: NPI 1234567893 is already registered.')).toBeInTheDocument();
  });

  test('send password reset', async () => {
    applicantServer();
    const { user } = await openApplicant();
    await user.click(screen.getByRole('button', { name: 'Send password reset' }));
    expect(await screen.findByText('Password reset email sent successfully')).toBeInTheDocument();
  });

  test('an admin with an unverified email cannot verify or reject', async () => {
    const unverified = { ...systemAdmin, email_verified: false };
    applicantServer({}, {}, unverified);
    await openApplicant(unverified);
    expect(screen.getByText('Email Verification Required')).toBeInTheDocument();
    expect(actions().getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(actions().getByRole('button', { name: 'Reject' })).toBeDisabled();
  });

  test('a 404 toasts and redirects to /admin', async () => {
    mockApi({
      'GET /users/me': json(200, systemAdmin),
      [`GET ${BASE}`]: json(404, { detail: 'Applicant not found' }),
      'GET /admin/review-queue': json(200, reviewQueue()),
      'GET /admin/facilities': json(200, []),
      'GET /admin/applicants': json(200, []),
    });
    signInAs(systemAdmin);
    const { router } = renderApp(BASE);
    expect(await screen.findByText('Applicant not found')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/admin'));
  });

  test('another failure toasts the fallback and offers a retry, staying on the page', async () => {
    mockApi({
      'GET /users/me': json(200, systemAdmin),
      [`GET ${BASE}`]: json(500, {}),
    });
    signInAs(systemAdmin);
    const { router } = renderApp(BASE);
    expect((await screen.findAllByText('Failed to load applicant details')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(BASE);
  });
});
