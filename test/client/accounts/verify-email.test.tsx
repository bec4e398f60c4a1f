import { accountMessages } from '@domain/accounts/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';

import { AppProvider } from '@/app/provider';
import { AppRouterProvider, routerNavigator, routes } from '@/app/router';
import { registerNavigator } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';

import { json, mockApi } from '../support/api-mock';
import { renderApp } from '../support/render';

/** The app as main.tsx mounts it: in StrictMode, which runs every effect twice on mount. */
function renderStrict(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const unregister = registerNavigator(routerNavigator(router));
  const view = render(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()} mantineEnv="test">
        <AppRouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  return { ...view, router, unregister };
}

const main = () => within(screen.getByRole('main'));

describe('/verify-email', () => {
  test('without a token: the invalid-link state, with ways to register or log in, and no call', async () => {
    const server = mockApi();
    renderApp('/verify-email');

    expect(await screen.findByText(accountMessages.verificationTokenMissing)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invalid verification link' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(main().getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(server.calls).toHaveLength(0);
  });

  test('verifying, then verified; goes to /login after 3 seconds', async () => {
    let answer: (value: unknown) => void = () => {};
    const server = mockApi({
      'POST /auth/verify-email': () =>
        new Promise((resolve) => {
          answer = () => resolve(json(200, { message: 'Your email address is verified. You can now sign in.' }));
        }),
    });
    const { router } = renderApp('/verify-email?token=tok-1');

    expect(await screen.findByRole('heading', { name: 'Verifying your email…' })).toBeInTheDocument();
    answer(undefined);

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText('Your email address is verified. You can now sign in.')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Go to login now' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST /auth/verify-email')[0].query.get('token')).toBe('tok-1');

    expect(router.state.location.pathname).toBe('/verify-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4500 });
    expect(await screen.findByRole('heading', { name: 'Log in to Tenens' })).toBeInTheDocument();
  });

  test("a refused token shows the server's detail and links to /register and /login", async () => {
    mockApi({ 'POST /auth/verify-email': json(400, { detail: 'Invalid or expired verification token' }) });
    renderApp('/verify-email?token=used');

    expect(await screen.findByText('Invalid or expired verification token')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "We couldn't verify your email" })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(main().getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  test('a failure without detail shows the spec fallback', async () => {
    mockApi({ 'POST /auth/verify-email': json(500) });
    renderApp('/verify-email?token=tok-2');
    expect(await screen.findByText(accountMessages.emailVerificationFailed)).toBeInTheDocument();
  });

  test('the single-use token is sent once, even with StrictMode running effects twice', async () => {
    const server = mockApi({ 'POST /auth/verify-email': json(200, { message: 'Verified.' }) });
    const { unregister } = renderStrict('/verify-email?token=once');
    try {
      expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
      // Had it been sent twice, the second call would have failed and shown the error state.
      expect(server.callsTo('POST /auth/verify-email')).toHaveLength(1);
      expect(screen.queryByRole('heading', { name: "We couldn't verify your email" })).not.toBeInTheDocument();
    } finally {
      unregister();
    }
  });
});
