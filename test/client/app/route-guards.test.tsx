import { screen, waitFor, within } from '@testing-library/react';

import { SESSION_STORAGE_KEY } from '@/stores/session';

import { json, mockApi } from '../support/api-mock';
import { applicant, facilityMember, permissions, signInAs, systemAdmin } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';

/** The API as a signed-in user of this kind sees it. */
function apiFor(user: typeof applicant) {
  return mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
  });
}

describe('route guards', () => {
  test('a visitor who is not signed in is sent to /login, remembering the page', async () => {
    mockApi();
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Log in to Tenens' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?from=%2Fdashboard');
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });

  test('the remembered origin keeps its query string', async () => {
    mockApi();
    const { router } = renderApp('/payment-history?filter=expired');

    await screen.findByRole('heading', { name: 'Log in to Tenens' });
    expect(currentPath(router)).toBe('/login?from=%2Fpayment-history%3Ffilter%3Dexpired');
  });

  test.each(['/jobs', '/applicant-profile', '/jobs/new', '/facility-users', '/admin', '/user-profile'])(
    'signed out, %s goes to /login',
    async (path) => {
      mockApi();
      const { router } = renderApp(path);
      await screen.findByRole('heading', { name: 'Log in to Tenens' });
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  test('public pages need no sign-in', async () => {
    mockApi();
    const { router } = renderApp('/jobs/3f2a9c1e-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { name: 'Job posting not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jobs/3f2a9c1e-0000-4000-8000-000000000001');
  });

  test('an applicant opening a facility page is sent to /dashboard', async () => {
    signInAs(applicant);
    apiFor(applicant);
    const { router } = renderApp('/facility-profile');

    expect(await screen.findByRole('heading', { name: 'Welcome back, Casey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('a facility member opening an applicant page is sent to /dashboard', async () => {
    signInAs(facilityMember);
    apiFor(facilityMember);
    const { router } = renderApp('/jobs');

    expect(await screen.findByRole('heading', { name: 'Your Job Postings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('a facility member may open facility pages', async () => {
    signInAs(facilityMember);
    apiFor(facilityMember);
    const { router } = renderApp('/jobs/new');

    expect(await screen.findByRole('heading', { name: 'Post New Job' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jobs/new');
  });

  test('the admin console needs is_admin: others go to /dashboard', async () => {
    signInAs(facilityMember);
    apiFor(facilityMember);
    const { router } = renderApp('/admin/facilities/42');

    await screen.findByRole('heading', { name: 'Your Job Postings' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('an admin may open the console, and /dashboard sends an admin to /admin', async () => {
    signInAs(systemAdmin);
    apiFor(systemAdmin);
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  test('an expired token (401 from /users/me) signs out and goes to /login with the origin', async () => {
    signInAs(applicant);
    mockApi({ 'GET /users/me': json(401, { detail: 'Could not validate credentials' }) });
    const { router } = renderApp('/dashboard');

    await waitFor(() => expect(currentPath(router)).toBe('/login?from=%2Fdashboard'));
    expect(await screen.findByRole('heading', { name: 'Log in to Tenens' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('an unknown path shows a helpful not-found page', async () => {
    mockApi();
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: /browse jobs/i })).toHaveAttribute('href', '/browse');
    expect(within(main).getByText('/no-such-page')).toBeInTheDocument();
  });
});
