import { screen, waitFor, within } from '@testing-library/react';

import { getSession } from '@/stores/session';

import { json, mockApi, type MockHandler } from '../../support/api-mock';
import { applicant, facilityMember, permissions, signInAs, systemAdmin } from '../../support/fixtures';
import { currentPath, renderApp } from '../../support/render';

const TOKEN = 'fresh-token';

/** The server as it answers a successful login of `user`. */
function loginServer(user: typeof applicant, extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'POST /auth/login': json(200, { access_token: TOKEN, token_type: 'bearer' }),
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ can_manage_billing: true })),
    ...extra,
  });
}

async function openLogin(path = '/login', state?: unknown) {
  const view = renderApp(path, { state });
  await screen.findByRole('heading', { name: 'Log in to Tenens' });
  return view;
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  test('offers the forgot-password and create-account links', async () => {
    mockApi();
    await openLogin();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(within(main).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  test('validates before calling the server', async () => {
    const server = mockApi();
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    expect(server.calls).toHaveLength(0);
  });

  test('signs in: token, then the user with that token; toast; then the dashboard', async () => {
    const server = loginServer(applicant);
    const { user, router } = await openLogin();

    await fillAndSubmit(user, '  casey.rivera@example.com ', 'correct horse 1');

    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Casey' })).toBeInTheDocument();

    const [loginCall] = server.callsTo('POST /auth/login');
    expect(loginCall.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(loginCall.form().get('username')).toBe('casey.rivera@example.com');
    expect(loginCall.form().get('password')).toBe('correct horse 1');
    expect(server.callsTo('GET /users/me')[0].headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    // Applicants have no facility permissions to fetch.
    expect(server.callsTo('GET /users/me/facility-permissions')).toHaveLength(0);
    expect(getSession()).toEqual({ token: TOKEN, user: applicant });
  });

  test('a facility member also gets their facility permissions', async () => {
    const server = loginServer(facilityMember);
    const { user, router } = await openLogin();

    await fillAndSubmit(user, facilityMember.email, 'secret123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [permissionsCall] = server.callsTo('GET /users/me/facility-permissions');
    expect(permissionsCall.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  test('goes back to the page the guard remembered', async () => {
    loginServer(applicant);
    const { user, router } = renderApp('/applicant-profile');
    await screen.findByRole('heading', { name: 'Log in to Tenens' });

    await fillAndSubmit(user, applicant.email, 'secret123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/applicant-profile'));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  });

  test('uses ?from= when there is no router state (e.g. after a reload of /login)', async () => {
    loginServer(facilityMember);
    const { user, router } = await openLogin('/login?from=%2Fpayment-history%3Ffilter%3Dall');

    await fillAndSubmit(user, facilityMember.email, 'secret123');

    await waitFor(() => expect(currentPath(router)).toBe('/payment-history?filter=all'));
  });

  test('ignores a remembered origin outside the app', async () => {
    loginServer(applicant);
    const { user, router } = await openLogin('/login?from=%2F%2Fevil.example.com');

    await fillAndSubmit(user, applicant.email, 'secret123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  test('admins always go to /admin', async () => {
    loginServer(systemAdmin);
    const { user, router } = await openLogin('/login', { from: '/user-profile' });

    await fillAndSubmit(user, systemAdmin.email, 'secret123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  test("shows the server's detail when login fails, and stays on the page", async () => {
    mockApi({ 'POST /auth/login': json(401, { detail: 'Incorrect email or password' }) });
    const { user, router } = await openLogin();

    await fillAndSubmit(user, applicant.email, 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
  });

  test("shows 'Login failed' when the failure has no detail", async () => {
    mockApi({ 'POST /auth/login': json(500) });
    const { user } = await openLogin();

    await fillAndSubmit(user, applicant.email, 'secret123');

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  describe('email not verified (403 email_verification_required)', () => {
    const refused = json(403, {
      detail: 'Please verify your email address before logging in.',
      code: 'email_verification_required',
    });

    test('shows the resend panel instead of an error message', async () => {
      mockApi({ 'POST /auth/login': refused });
      const { user } = await openLogin();

      await fillAndSubmit(user, 'new.user@example.com', 'secret123');

      expect(await screen.findByText('Please verify your email address')).toBeInTheDocument();
      expect(screen.getByText('new.user@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Please verify your email address before logging in.')).not.toBeInTheDocument();
    });

    test('resends the verification email to the address typed', async () => {
      const server = mockApi({
        'POST /auth/login': refused,
        'POST /auth/resend-verification-email': json(200, { message: 'sent' }),
      });
      const { user } = await openLogin();
      await fillAndSubmit(user, 'new.user@example.com', 'secret123');

      await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

      expect(await screen.findByText('Verification email sent successfully! Please check your email.')).toBeInTheDocument();
      const [call] = server.callsTo('POST /auth/resend-verification-email');
      expect(call.json()).toEqual({ email: 'new.user@example.com' });
    });

    test("a failed resend shows the server's detail", async () => {
      mockApi({
        'POST /auth/login': refused,
        'POST /auth/resend-verification-email': json(429, { detail: 'Please wait a minute before asking again' }),
      });
      const { user } = await openLogin();
      await fillAndSubmit(user, 'new.user@example.com', 'secret123');

      await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

      expect(await screen.findByText('Please wait a minute before asking again')).toBeInTheDocument();
    });

    test("a failed resend without detail shows 'Failed to send verification email'", async () => {
      mockApi({ 'POST /auth/login': refused, 'POST /auth/resend-verification-email': json(500) });
      const { user } = await openLogin();
      await fillAndSubmit(user, 'new.user@example.com', 'secret123');

      await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

      expect(await screen.findByText('Failed to send verification email')).toBeInTheDocument();
    });
  });

  test('a signed-in user opening /login goes to the dashboard', async () => {
    mockApi({ 'GET /users/me': json(200, applicant) });
    signInAs(applicant);
    const { router } = renderApp('/login');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
