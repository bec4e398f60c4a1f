import { screen, waitFor } from '@testing-library/react';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { permissions, signInAs } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';
import { facilityPosting, facilityUser } from '../postings/fixtures';

import { subscription } from './fixtures';

const live = facilityPosting({ status: 'active' });

function returnFromCheckout(path: string, confirm: Record<string, MockHandler>) {
  const user = facilityUser();
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    [`GET /job-postings/${live.id}`]: json(200, live),
    [`GET /billing/subscription/${live.id}`]: json(200, subscription({ job_posting_id: live.id })),
    ...confirm,
  });
  return { server, ...renderApp(path) };
}

const confirmed = json(200, { job_posting_id: live.id, subscription: subscription({ job_posting_id: live.id }) });

describe('/payment/success', () => {
  test('confirms the session from the query, then opens the live posting with a success toast', async () => {
    let release: () => void = () => undefined;
    const { server, router } = returnFromCheckout('/payment/success?session_id=cs_test_7', {
      'POST /billing/confirm-subscription/cs_test_7': () => new Promise<void>((resolve) => (release = resolve)).then(() => confirmed),
    });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' }, { timeout: 10_000 })).toBeInTheDocument();
    release();
    // The job page is a lazily loaded route: on a loaded machine its first import takes seconds.
    await waitFor(() => expect(currentPath(router)).toBe(`/jobs/${live.id}`), { timeout: 10_000 });
    expect(await screen.findByText('Payment Successful!', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: live.title }, { timeout: 10_000 })).toBeInTheDocument();
    expect(server.callsTo('POST /billing/confirm-subscription/cs_test_7')).toHaveLength(1);
  });

  test('takes the session id from a client secret', async () => {
    const { server, router } = returnFromCheckout('/payment/success?client_secret=cs_test_8_secret_abc', {
      'POST /billing/confirm-subscription/cs_test_8': confirmed,
    });
    await waitFor(() => expect(currentPath(router)).toBe(`/jobs/${live.id}`), { timeout: 10_000 });
    expect(server.callsTo('POST /billing/confirm-subscription/cs_test_8')).toHaveLength(1);
  });

  test('a failure shows the detail (else the fallback) with a way back to the dashboard', async () => {
    const first = returnFromCheckout('/payment/success?session_id=cs_test_9', {
      'POST /billing/confirm-subscription/cs_test_9': json(409, { detail: 'The payment for this checkout has not gone through yet.' }),
    });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'The payment for this checkout has not gone through yet.',
    );
    expect(screen.getByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
    first.unmount();

    returnFromCheckout('/payment/success?session_id=cs_test_10', { 'POST /billing/confirm-subscription/cs_test_10': json(500, {}) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to confirm payment');
  });

  test('without a session id nothing is sent and the error is shown', async () => {
    const { server } = returnFromCheckout('/payment/success', {});
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Failed to confirm payment');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
