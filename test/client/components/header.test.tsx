import { screen, waitFor, within } from '@testing-library/react';

import { getSession } from '@/stores/session';
import type { CurrentFacilityPermissions } from '@domain/accounts/facility-permissions';
import type { UserView } from '@domain/accounts/user-view';

import { json, mockApi } from '../support/api-mock';
import { applicant, facilityMember, permissions, signInAs, systemAdmin } from '../support/fixtures';
import { renderApp } from '../support/render';

function header() {
  return within(screen.getByRole('banner'));
}

/** Signs in as `user`, opens /dashboard-like page `path`, opens the account menu, returns its entries. */
async function menuEntriesFor(user: UserView, flags?: CurrentFacilityPermissions, path = '/user-profile') {
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, flags ?? permissions()),
  });
  const view = renderApp(path);
  const trigger = await screen.findByRole('button', { name: /account menu for/i });
  if (user.role === 'facility_admin') {
    await waitFor(() => expect(server.callsTo('GET /users/me/facility-permissions')).toHaveLength(1));
  }
  await view.user.click(trigger);
  const menu = await screen.findByRole('menu');
  const entries = within(menu)
    .getAllByRole('menuitem')
    .map((item) => [item.textContent?.trim(), item.getAttribute('href')]);
  return { entries, trigger, menu, server, ...view };
}

describe('header', () => {
  test('signed out: logo to /, and browse jobs, log in and sign up', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    expect(header().getByRole('link', { name: 'Tenens home' })).toHaveAttribute('href', '/');
    const nav = within(header().getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/browse');
    expect(nav.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  test("signed out on a phone: the menu's button is there at once, its menu opens on the first press and gives focus back on Escape", async () => {
    mockApi();
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(header().queryByRole('menu')).not.toBeInTheDocument();

    await user.click(header().getByRole('button', { name: 'Open menu' }));
    const menu = await header().findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent?.trim(), item.getAttribute('href')]),
    ).toEqual([
      ['Browse jobs', '/browse'],
      ['Log in', '/login'],
    ]);
    expect(header().getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(header().queryByRole('menu')).not.toBeInTheDocument());
    expect(header().getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  test('signed in: logo to /dashboard and the display name', async () => {
    signInAs(applicant);
    mockApi({ 'GET /users/me': json(200, applicant) });
    renderApp('/applicant-profile');

    await screen.findByRole('heading', { name: 'My Profile' });
    expect(header().getByRole('link', { name: /tenens/i })).toHaveAttribute('href', '/dashboard');
    // The account menu loads after the page (it is not in the entry bundle).
    expect(await header().findByText('Casey Rivera')).toBeInTheDocument();
  });

  test('applicant: their profile and Logout, no Account', async () => {
    const { entries } = await menuEntriesFor(applicant);
    expect(entries).toEqual([
      ['My Profile', '/applicant-profile'],
      ['Logout', null],
    ]);
  });

  test('facility user without extra permissions: Facility Profile and Account only', async () => {
    const { entries } = await menuEntriesFor(facilityMember, permissions({ role: 'user' }));
    expect(entries).toEqual([
      ['Facility Profile', '/facility-profile'],
      ['Account', '/user-profile'],
      ['Logout', null],
    ]);
  });

  test('facility user who may manage users sees Facility Users', async () => {
    const { entries } = await menuEntriesFor(facilityMember, permissions({ can_manage_users: true }));
    expect(entries.map(([label]) => label)).toEqual(['Facility Profile', 'Facility Users', 'Account', 'Logout']);
  });

  test('facility user who may manage billing sees Payments', async () => {
    const { entries } = await menuEntriesFor(facilityMember, permissions({ can_manage_billing: true }));
    expect(entries).toContainEqual(['Payments', '/payment-history']);
    expect(entries.map(([label]) => label)).not.toContain('Facility Users');
  });

  test.each([
    ['facility role admin', permissions({ role: 'admin' })],
    ['legacy admin', permissions({ is_legacy_admin: true })],
  ])('%s sees Facility Users and Payments', async (_label, flags) => {
    const { entries } = await menuEntriesFor(facilityMember, flags);
    expect(entries).toEqual([
      ['Facility Profile', '/facility-profile'],
      ['Facility Users', '/facility-users'],
      ['Payments', '/payment-history'],
      ['Account', '/user-profile'],
      ['Logout', null],
    ]);
  });

  test('system admin: Admin Dashboard and Account; the email stands in for a missing name', async () => {
    const { entries, trigger } = await menuEntriesFor(systemAdmin, undefined, '/admin');
    expect(trigger).toHaveAccessibleName('Account menu for admin@example.com');
    expect(entries).toEqual([
      ['Admin Dashboard', '/admin'],
      ['Account', '/user-profile'],
      ['Logout', null],
    ]);
  });

  test('the menu works from the keyboard', async () => {
    signInAs(applicant);
    mockApi({ 'GET /users/me': json(200, applicant) });
    const { user } = renderApp('/user-profile');
    const trigger = await screen.findByRole('button', { name: /account menu for/i });

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  test('Logout clears the session, says so and goes home', async () => {
    const { user, menu, router } = await menuEntriesFor(facilityMember, permissions({ role: 'admin' }), '/facility-users');

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toBeNull();
    expect(header().getByRole('link', { name: 'Tenens home' })).toHaveAttribute('href', '/');
  });
});
