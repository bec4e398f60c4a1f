import { accountMessages } from '@domain/accounts/messages';
import { TEAM_TEXT, type FacilityInvitationView, type FacilityUserView } from '@domain/facility-members';
import { act, screen, waitFor, within } from '@testing-library/react';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { facilityMember, permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { onAPhone } from '../support/phone';

const CHECK_TIMEOUT = { timeout: 3000 };
const FLAGS_OFF = {
  can_create_jobs: false,
  can_edit_jobs: false,
  can_publish_jobs: false,
  can_manage_bids: false,
  can_manage_users: false,
  can_manage_billing: false,
};

const admin: FacilityUserView = {
  id: facilityMember.id,
  role: 'admin',
  is_active: true,
  created_at: '2025-03-04T15:00:00.000Z',
  created_by_user: null,
  user: { first_name: 'Morgan', last_name: 'Lee', email: facilityMember.email },
  ...FLAGS_OFF,
  can_create_jobs: true,
  can_edit_jobs: true,
  can_publish_jobs: true,
  can_manage_bids: true,
  can_manage_users: true,
  can_manage_billing: true,
};

const colleague: FacilityUserView = {
  id: 'u2',
  role: 'user',
  is_active: true,
  created_at: '2025-04-10T15:00:00.000Z',
  created_by_user: { first_name: null, last_name: null, email: facilityMember.email },
  user: { first_name: null, last_name: null, email: 'pat@lakeside.example.com' },
  ...FLAGS_OFF,
  can_manage_bids: true,
};

const pending: FacilityInvitationView = {
  id: 'i1',
  email: 'sam@lakeside.example.com',
  role: 'user',
  expires_at: '2025-04-17T15:00:00.000Z',
  expired: false,
  created_at: '2025-04-10T15:00:00.000Z',
  updated_at: '2025-04-10T15:00:00.000Z',
  invited_by_user: { first_name: 'Morgan', last_name: 'Lee', email: facilityMember.email },
  ...FLAGS_OFF,
};

function teamServer(routes: Record<string, MockHandler> = {}) {
  signInAs(facilityMember);
  return mockApi({
    'GET /users/me': json(200, facilityMember),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    'GET /facility-users': json(200, [admin, colleague]),
    'GET /facility-user-invites': json(200, [pending]),
    'GET /auth/check-email': json(200, { available: true }),
    ...routes,
  });
}

async function openPage() {
  const view = renderApp('/facility-users');
  await screen.findByRole('heading', { name: 'Facility Users', level: 1 });
  return view;
}

describe('/facility-users', () => {
  test('lists the members with the spec columns and fallbacks, and the pending invitations', async () => {
    teamServer();
    await openPage();
    const table = await screen.findByRole('table', { name: 'Facility users' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Permissions', 'Added', 'Added By', 'Actions']);
    expect(rows[1]).toHaveTextContent('Morgan Lee');
    expect(rows[1]).toHaveTextContent('All permissions');
    expect(rows[1]).toHaveTextContent('System');
    expect(rows[2]).toHaveTextContent(TEAM_TEXT.noName);
    expect(rows[2]).toHaveTextContent('Manage bids');
    expect(rows[2]).toHaveTextContent('Apr 10, 2025');
    expect(rows[2]).toHaveTextContent(facilityMember.email);
    // Admin rows have no pencil; nobody can remove themselves.
    expect(screen.queryByRole('button', { name: 'Edit permissions of Morgan Lee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Morgan Lee' })).not.toBeInTheDocument();
    const invitations = screen.getByRole('region', { name: 'Pending invitations' });
    expect(invitations).toHaveTextContent('sam@lakeside.example.com');
  });

  test('shows the loading and empty texts', async () => {
    teamServer({ 'GET /facility-users': json(200, []), 'GET /facility-user-invites': json(200, []) });
    renderApp('/facility-users');
    expect(await screen.findByText(TEAM_TEXT.loading)).toBeInTheDocument();
    expect(await screen.findByText(TEAM_TEXT.empty)).toBeInTheDocument();
  });

  test('a failed load shows the toast', async () => {
    teamServer({ 'GET /facility-users': json(500, {}) });
    await openPage();
    expect(await screen.findByText(TEAM_TEXT.loadFailed, undefined, CHECK_TIMEOUT)).toBeInTheDocument();
  });

  test('invites a user from the User defaults, checks the email, and reloads the list', async () => {
    const server = teamServer({
      'POST /facility-user-invites': (call) => json(201, { ...pending, id: 'i2', email: call.json<{ email: string }>().email }),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    expect(within(dialog).getByText(TEAM_TEXT.userNote)).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Manage billing' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Manage bids' })).toBeChecked();

    await user.type(within(dialog).getByLabelText(/Email/), 'New.Member@lakeside.example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create jobs' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send Invite' })).toBeEnabled(), CHECK_TIMEOUT);
    expect(server.callsTo('GET /auth/check-email')).toHaveLength(1);
    const before = server.callsTo('GET /facility-users').length;
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));

    expect(await screen.findByText(accountMessages.invitationSent)).toBeInTheDocument();
    expect(server.callsTo('POST /facility-user-invites')[0].json()).toEqual({
      email: 'new.member@lakeside.example.com',
      role: 'user',
      ...FLAGS_OFF,
      can_edit_jobs: true,
      can_publish_jobs: true,
      can_manage_bids: true,
    });
    await waitFor(() => expect(server.callsTo('GET /facility-users').length).toBeGreaterThan(before));
  });

  test('choosing Admin gives every flag and its note; a taken or unverifiable email blocks sending', async () => {
    teamServer({ 'GET /auth/check-email': json(200, { available: false }) });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(within(dialog).getByText(accountMessages.inviteAdminNote)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Email/), 'taken@lakeside.example.com');
    expect(await within(dialog).findByText(accountMessages.inviteEmailTaken, undefined, CHECK_TIMEOUT)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Invite' })).toBeDisabled();
  });

  test('a failed email check says so', async () => {
    teamServer({ 'GET /auth/check-email': json(500, {}) });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText(/Email/), 'someone@lakeside.example.com');
    expect(await within(dialog).findByText(accountMessages.inviteEmailCheckFailed, undefined, CHECK_TIMEOUT)).toBeInTheDocument();
  });

  test('a refused invitation shows the server detail, else the fallback', async () => {
    teamServer({ 'POST /facility-user-invites': json(500, {}) });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText(/Email/), 'someone@lakeside.example.com');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send Invite' })).toBeEnabled(), CHECK_TIMEOUT);
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText(accountMessages.invitationSendFailed)).toBeInTheDocument();
  });

  test("edits a user's permissions in a modal titled with the fallback name", async () => {
    const server = teamServer({ 'PUT /facility-users/u2': (call) => json(200, { ...colleague, ...call.json<object>() }) });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: `Edit permissions of ${TEAM_TEXT.noName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'pat@lakeside.example.com' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create jobs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Permissions' }));
    expect(await screen.findByText(TEAM_TEXT.permissionsUpdated)).toBeInTheDocument();
    expect(server.callsTo('PUT /facility-users/u2')[0].json()).toEqual({
      role: 'user',
      ...FLAGS_OFF,
      can_manage_bids: true,
      can_create_jobs: true,
    });
  });

  test('a refused permission change shows the server detail', async () => {
    teamServer({ 'PUT /facility-users/u2': json(409, { detail: 'Admins hold every permission.' }) });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: `Edit permissions of ${TEAM_TEXT.noName}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Update Permissions' }));
    expect(await screen.findByText('Admins hold every permission.')).toBeInTheDocument();
  });

  test('removes a member after a confirmation', async () => {
    const server = teamServer({ 'DELETE /facility-users/u2': { status: 204 } });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: `Remove ${TEAM_TEXT.noName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.callsTo('DELETE /facility-users/u2')).toHaveLength(1));
  });

  test('resends and revokes pending invitations', async () => {
    const server = teamServer({
      'POST /facility-user-invites/i1/resend': json(200, pending),
      'DELETE /facility-user-invites/i1': { status: 204 },
    });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to sam@lakeside.example.com' }));
    await waitFor(() => expect(server.callsTo('POST /facility-user-invites/i1/resend')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Revoke invitation to sam@lakeside.example.com' }));
    await waitFor(() => expect(server.callsTo('DELETE /facility-user-invites/i1')).toHaveLength(1));
  });

  test('reloads when the team changes elsewhere', async () => {
    const server = teamServer();
    await openPage();
    await screen.findByRole('table', { name: 'Facility users' });
    const before = server.callsTo('GET /facility-users').length;
    act(() => fakeSockets[0].simulateEvent('team.changed', { facility_id: 'f1', member_id: null }));
    await waitFor(() => expect(server.callsTo('GET /facility-users').length).toBeGreaterThan(before));
  });

  test('members without the manage-users permission are sent to the dashboard', async () => {
    teamServer({ 'GET /users/me/facility-permissions': json(200, permissions()) });
    const { router } = renderApp('/facility-users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/facility-users on a phone (below the sm breakpoint)', () => {
  onAPhone();

  test('members and invitations are cards whose actions are in reach', async () => {
    const server = teamServer({
      'DELETE /facility-users/u2': { status: 204 },
      'POST /facility-user-invites/i1/resend': json(200, pending),
    });
    const { user } = await openPage();
    const members = await screen.findByRole('list', { name: 'Facility users' });
    expect(screen.queryByRole('table', { name: 'Facility users' })).not.toBeInTheDocument();
    const [morgan, pat] = within(members).getAllByRole('listitem');
    expect(morgan).toHaveTextContent('Morgan Lee');
    expect(morgan).toHaveTextContent('Permissions: All permissions');
    expect(within(morgan).queryByRole('button')).not.toBeInTheDocument();
    expect(pat).toHaveTextContent(TEAM_TEXT.noName);
    expect(pat).toHaveTextContent('Added: Apr 10, 2025');
    expect(pat).toHaveTextContent('Permissions: Manage bids');

    await user.click(within(pat).getByRole('button', { name: `Remove ${TEAM_TEXT.noName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.callsTo('DELETE /facility-users/u2')).toHaveLength(1));

    const invitations = screen.getByRole('list', { name: 'Pending invitations' });
    const [sam] = within(invitations).getAllByRole('listitem');
    expect(sam).toHaveTextContent('sam@lakeside.example.com');
    expect(sam).toHaveTextContent('Expires: Apr 17, 2025');
    expect(sam).toHaveTextContent('Invited by: Morgan Lee');
    await user.click(within(sam).getByRole('button', { name: 'Resend invitation to sam@lakeside.example.com' }));
    await waitFor(() => expect(server.callsTo('POST /facility-user-invites/i1/resend')).toHaveLength(1));
  });
});
