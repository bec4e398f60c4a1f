import { accountMessages } from '@domain/accounts/messages';
import { screen, waitFor, within } from '@testing-library/react';

import { json, mockApi } from '../support/api-mock';
import { renderApp } from '../support/render';

const main = () => within(screen.getByRole('main'));
const SENT = "If an account exists for that email address, we've sent it a link to reset the password.";

describe('/forgot-password', () => {
  async function open() {
    const view = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    return view;
  }

  test('requires a valid email before calling the server', async () => {
    const server = mockApi();
    const { user } = await open();

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(accountMessages.emailRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'casey@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(accountMessages.emailInvalid)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  test("asks for a link and shows the server's message", async () => {
    const server = mockApi({ 'POST /auth/request-password-reset': json(200, { message: SENT }) });
    const { user } = await open();

    await user.type(screen.getByLabelText('Email'), ' Casey@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(server.callsTo('POST /auth/request-password-reset')[0].query.get('email')).toBe('casey@example.com');
    expect(main().getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  test("a failure shows the server's detail, else 'Failed to send password reset email'", async () => {
    mockApi({ 'POST /auth/request-password-reset': json(503, { detail: 'We could not send the email right now.' }) });
    const { user } = await open();
    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not send the email right now.');

    mockApi({ 'POST /auth/request-password-reset': json(500) });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(accountMessages.passwordResetEmailFailed));
  });
});

describe('/reset-password', () => {
  async function open(path = '/reset-password?token=tok-9') {
    const view = renderApp(path);
    await screen.findByRole('heading', { name: 'Reset your password' });
    return view;
  }

  test('without a token: the Invalid Reset Link screen, with links to ask again or log in', async () => {
    const server = mockApi();
    await open('/reset-password');

    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText(accountMessages.resetLinkInvalid)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(main().getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  test('applies the reset rules: length, mixed case and a digit, and a matching confirmation', async () => {
    const server = mockApi();
    const { user } = await open();

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText(accountMessages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.passwordsDoNotMatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'alllowercase1');
    expect(await screen.findByText(accountMessages.passwordNeedsMixedCase)).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  test('resets the password and offers the login page', async () => {
    const server = mockApi({
      'POST /auth/reset-password': json(200, {
        message: 'Your password has been reset. You can now sign in with your new password.',
      }),
    });
    const { user } = await open();

    await user.type(screen.getByLabelText('New password'), 'NewPassw0rd');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Password reset' })).toBeInTheDocument();
    expect(screen.getByText('Your password has been reset. You can now sign in with your new password.')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Log in with your new password' })).toHaveAttribute('href', '/login');
    const [call] = server.callsTo('POST /auth/reset-password');
    expect(call.query.get('token')).toBe('tok-9');
    expect(call.query.get('new_password')).toBe('NewPassw0rd');
  });

  test("a detail containing 'Invalid or expired' shows the Invalid Reset Link screen", async () => {
    mockApi({
      'POST /auth/reset-password': json(400, {
        detail: 'Invalid or expired reset link. Please request a new password reset.',
      }),
    });
    const { user } = await open();

    await user.type(screen.getByLabelText('New password'), 'NewPassw0rd');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText(accountMessages.resetLinkInvalid)).toBeInTheDocument();
  });

  test("other failures stay on the form with the detail, else 'Failed to reset password. Please try again.'", async () => {
    mockApi({ 'POST /auth/reset-password': json(500) });
    const { user } = await open();

    await user.type(screen.getByLabelText('New password'), 'NewPassw0rd');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.resetFailed);
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });
});
