import { accountMessages } from '@domain/accounts/messages';
import { screen, waitFor, within } from '@testing-library/react';

import { getSession } from '@/stores/session';
import type { UserView } from '@domain/accounts/user-view';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { applicant, facilityMember, permissions, signInAs, systemAdmin } from '../support/fixtures';
import { renderApp } from '../support/render';

const dates = { created_at: '2025-03-04T15:00:00.000Z', updated_at: '2025-06-10T15:00:00.000Z' };
const OLD_TOKEN = 'token-before';
const NEW_TOKEN = 'token-after';

function profileServer(user: UserView = facilityMember, routes: Record<string, MockHandler> = {}) {
  signInAs(user, OLD_TOKEN);
  return mockApi({
    'GET /users/me': json(200, { ...user, ...dates, pending_email: null }),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    ...routes,
  });
}

async function openProfile() {
  const view = renderApp('/user-profile');
  await screen.findByRole('heading', { name: 'Account' });
  await screen.findByRole('button', { name: 'Edit profile' });
  return view;
}

async function startEditing(view: Awaited<ReturnType<typeof openProfile>>) {
  await view.user.click(screen.getByRole('button', { name: 'Edit profile' }));
  return screen.findByRole('form', { name: 'Edit profile' });
}

const details = () => within(screen.getByRole('main'));

describe('/user-profile, view mode', () => {
  test.each([
    [facilityMember, 'Facility Administrator'],
    [applicant, 'Healthcare Professional'],
    [systemAdmin, 'System Administrator'],
  ])('shows names, email, role label and dates (%#)', async (user, label) => {
    profileServer(user);
    await openProfile();

    expect(details().getByText(label)).toBeInTheDocument();
    expect(details().getByText(user.email)).toBeInTheDocument();
    expect(details().getByText('Mar 4, 2025')).toBeInTheDocument();
    expect(details().getByText('Jun 10, 2025')).toBeInTheDocument();
    if (user.first_name) expect(details().getByText(user.first_name)).toBeInTheDocument();
    else expect(details().getAllByText('Not provided')).toHaveLength(2);
  });

  test("a failed load shows 'Failed to load user details' inline, with a retry", async () => {
    signInAs(facilityMember);
    mockApi({ 'GET /users/me': json(500), 'GET /users/me/facility-permissions': json(200, permissions()) });
    renderApp('/user-profile');

    // The header still has the stored user; the page says what failed.
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent(accountMessages.userDetailsLoadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('a pending email change is explained', async () => {
    signInAs(facilityMember);
    mockApi({
      'GET /users/me': json(200, { ...facilityMember, ...dates, pending_email: 'new@lakeside.example.com' }),
      'GET /users/me/facility-permissions': json(200, permissions()),
    });
    await openProfile();
    expect(screen.getByText('Confirm your new email address')).toBeInTheDocument();
    expect(screen.getByText('new@lakeside.example.com')).toBeInTheDocument();
  });
});

describe('/user-profile, edit mode', () => {
  test('saves trimmed names (empty means none) and the email, then returns to the view', async () => {
    const server = profileServer(facilityMember, {
      'PUT /users/me': (call) =>
        json(200, { ...facilityMember, ...dates, ...call.json<object>(), pending_email: null, message: 'Profile updated successfully' }),
    });
    const view = await openProfile();
    await startEditing(view);

    await view.user.clear(screen.getByLabelText('First name'));
    await view.user.clear(screen.getByLabelText('Last name'));
    await view.user.type(screen.getByLabelText('Last name'), '  Lee-Park  ');
    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(accountMessages.profileUpdated)).toBeInTheDocument();
    expect(server.callsTo('PUT /users/me')[0].json()).toEqual({
      first_name: null,
      last_name: 'Lee-Park',
      email: facilityMember.email,
    });
    expect(server.callsTo('PUT /users/me/password')).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    // The header shows the new name at once.
    await waitFor(() => expect(within(screen.getByRole('banner')).getByText('Lee-Park')).toBeInTheDocument());
  });

  test('a new email waits for confirmation: the page says a link went to it', async () => {
    profileServer(facilityMember, {
      'PUT /users/me': json(200, {
        ...facilityMember,
        ...dates,
        pending_email: 'morgan@new.example.com',
        message: 'We sent a confirmation link to morgan@new.example.com.',
      }),
    });
    const view = await openProfile();
    await startEditing(view);

    await view.user.clear(screen.getByLabelText('Email'));
    await view.user.type(screen.getByLabelText('Email'), 'morgan@new.example.com');
    expect(screen.getByText(/We will send a confirmation link to the new address/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Confirm your new email address')).toBeInTheDocument();
    expect(screen.getByText('morgan@new.example.com')).toBeInTheDocument();
  });

  test('changing the password needs all three fields', async () => {
    const server = profileServer();
    const view = await openProfile();
    await startEditing(view);

    await view.user.type(screen.getByLabelText('Current password'), 'Passw0rd!');
    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findAllByText(accountMessages.passwordFieldsAllRequired)).toHaveLength(2);
    expect(server.callsTo('PUT /users/me')).toHaveLength(0);
  });

  test('submit stays disabled while the new password breaks a rule or the confirmation differs', async () => {
    profileServer();
    const view = await openProfile();
    await startEditing(view);
    const save = screen.getByRole('button', { name: 'Save changes' });

    await view.user.type(screen.getByLabelText('Current password'), 'Passw0rd!');
    await view.user.type(screen.getByLabelText('New password'), 'abcdefgh');
    expect(save).toBeDisabled();
    await view.user.tab();
    expect(await screen.findByText(accountMessages.passwordNeedsNumber)).toBeInTheDocument();

    await view.user.type(screen.getByLabelText('New password'), '1');
    await view.user.type(screen.getByLabelText('Confirm new password'), 'abcdefgh2');
    expect(save).toBeDisabled();
    await view.user.tab();
    expect(await screen.findByText(accountMessages.newPasswordsDoNotMatch)).toBeInTheDocument();

    await view.user.clear(screen.getByLabelText('Confirm new password'));
    await view.user.type(screen.getByLabelText('Confirm new password'), 'abcdefgh1');
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByText(accountMessages.newPasswordsDoNotMatch)).not.toBeInTheDocument();
  });

  test('profile then password; the new access token replaces the old one in the session', async () => {
    const server = profileServer(facilityMember, {
      'PUT /users/me': (call) => json(200, { ...facilityMember, ...dates, ...call.json<object>(), pending_email: null }),
      'PUT /users/me/password': json(200, { message: 'Password updated successfully', access_token: NEW_TOKEN, token_type: 'bearer' }),
    });
    const view = await openProfile();
    await startEditing(view);

    await view.user.type(screen.getByLabelText('Current password'), 'Passw0rd!');
    await view.user.type(screen.getByLabelText('New password'), 'Newpassw0rd');
    await view.user.type(screen.getByLabelText('Confirm new password'), 'Newpassw0rd');
    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(accountMessages.profileAndPasswordUpdated)).toBeInTheDocument();
    const [profileCall] = server.callsTo('PUT /users/me');
    const [passwordCall] = server.callsTo('PUT /users/me/password');
    expect(server.calls.indexOf(profileCall)).toBeLessThan(server.calls.indexOf(passwordCall));
    expect(passwordCall.json()).toEqual({ current_password: 'Passw0rd!', new_password: 'Newpassw0rd' });
    expect(passwordCall.headers.get('Authorization')).toBe(`Bearer ${OLD_TOKEN}`);

    expect(getSession()?.token).toBe(NEW_TOKEN);
    expect(JSON.parse(localStorage.getItem('tenens.session')!).token).toBe(NEW_TOKEN);

    // Later calls carry the new token.
    const before = server.calls.length;
    view.queryClient.invalidateQueries();
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(before));
    for (const call of server.calls.slice(before)) expect(call.headers.get('Authorization')).toBe(`Bearer ${NEW_TOKEN}`);
  });

  test('a refused password change says the profile part was saved, and keeps the token', async () => {
    profileServer(facilityMember, {
      'PUT /users/me': json(200, { ...facilityMember, ...dates, pending_email: null }),
      'PUT /users/me/password': json(400, { detail: 'Current password is incorrect' }),
    });
    const view = await openProfile();
    await startEditing(view);

    await view.user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await view.user.type(screen.getByLabelText('New password'), 'Newpassw0rd');
    await view.user.type(screen.getByLabelText('Confirm new password'), 'Newpassw0rd');
    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your profile was saved, but your password was not changed.');
    expect(alert).toHaveTextContent('Current password is incorrect');
    expect(getSession()?.token).toBe(OLD_TOKEN);
  });

  test("a refused profile update shows the detail inline, else 'Failed to update profile'", async () => {
    const server = profileServer(facilityMember, { 'PUT /users/me': json(409, { detail: accountMessages.emailTaken }) });
    const view = await openProfile();
    await startEditing(view);

    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.emailTaken);

    server.fetch.mockImplementationOnce(async () => new Response(null, { status: 500 }));
    await view.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(accountMessages.profileUpdateFailed));
  });

  test('Cancel goes back to the view without saving', async () => {
    const server = profileServer();
    const view = await openProfile();
    await startEditing(view);
    await view.user.type(screen.getByLabelText('First name'), 'x');
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(server.callsTo('PUT /users/me')).toHaveLength(0);
  });
});
