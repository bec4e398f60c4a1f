import { screen, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';

import { json, mockApi } from '../support/api-mock';
import { permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { facilityPosting, facilityUser } from '../postings/fixtures';

import { stripeConfig } from './fixtures';

// Stripe's script cannot run in jsdom: the provider asks for the client secret the way Stripe does.
const secrets: string[] = [];
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(() => Promise.resolve({ stripe: true })) }));
jest.mock('@stripe/react-stripe-js', () => ({
  EmbeddedCheckoutProvider: ({ options, children }: { options: { fetchClientSecret: () => Promise<string> }; children: ReactNode }) => {
    useEffect(() => {
      options.fetchClientSecret().then(
        (secret) => secrets.push(secret),
        () => undefined,
      );
    }, [options]);
    return <div>{children}</div>;
  },
  EmbeddedCheckout: () => <div>Stripe checkout form</div>,
}));

test("Stripe mode: the embedded checkout gets its client secret from create-checkout-session and Stripe's key", async () => {
  const draft = facilityPosting({ status: 'draft' });
  const user = facilityUser({ posting_credits: 0 });
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    [`GET /job-postings/${draft.id}`]: json(200, draft),
    'GET /billing/config': json(200, stripeConfig),
    [`POST /job-postings/${draft.id}/publish`]: json(200, { ...draft, payment_pending: true, requires_payment: true }),
    'POST /billing/create-checkout-session': json(200, { client_secret: 'cs_live_9_secret_xyz', session_id: 'cs_live_9' }),
  });
  const view = renderApp(`/jobs/${draft.id}`);
  await view.user.click(await screen.findByRole('button', { name: 'Publish' }, { timeout: 10_000 }));
  await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue to payment' }));

  const dialog = await screen.findByRole('dialog', { name: 'Pay for your job posting' });
  expect(await within(dialog).findByText('Stripe checkout form')).toBeInTheDocument();
  expect(within(dialog).queryByText('Sandbox — no real charge')).not.toBeInTheDocument();
  expect(jest.requireMock('@stripe/stripe-js/pure').loadStripe).toHaveBeenCalledWith('pk_test_123');
  await screen.findByText('Stripe checkout form');
  expect(server.callsTo('POST /billing/create-checkout-session')).toHaveLength(1);
  expect(server.callsTo('POST /billing/create-checkout-session')[0].json()).toMatchObject({ job_posting_id: draft.id });
  expect(secrets).toEqual(['cs_live_9_secret_xyz']);
});
