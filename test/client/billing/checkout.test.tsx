import { act, screen, waitFor, within } from '@testing-library/react';

import type { FacilityPostingView } from '@domain/postings';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { facilityPosting, facilityUser } from '../postings/fixtures';

import { sandboxConfig, subscription } from './fixtures';

const SESSION = { client_secret: 'cs_test_1_secret_abc', session_id: 'cs_test_1' };

/** The posting page of a draft, for a facility member with `credits`, against a sandbox server. */
function openDraft(credits: number, routes: Record<string, MockHandler> = {}) {
  const draft = facilityPosting({ status: 'draft' });
  let current: FacilityPostingView = draft;
  const user = facilityUser({ posting_credits: credits });
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    [`GET /job-postings/${draft.id}`]: () => json(200, current),
    'GET /billing/config': json(200, sandboxConfig),
    [`POST /job-postings/${draft.id}/publish`]: () => {
      current = { ...draft, payment_pending: true };
      return json(200, { ...current, requires_payment: true });
    },
    'POST /billing/create-checkout-session': json(200, SESSION),
    [`POST /billing/sandbox/sessions/${SESSION.session_id}/pay`]: json(200, { status: 'paid' }),
    [`POST /billing/confirm-subscription/${SESSION.session_id}`]: () => {
      current = { ...draft, status: 'active', actions: ['edit', 'withdraw'], remaining_days: 31, payment_pending: false };
      return json(200, { job_posting_id: draft.id, subscription: subscription({ job_posting_id: draft.id }) });
    },
    [`GET /billing/subscription/${draft.id}`]: json(200, subscription({ job_posting_id: draft.id })),
    ...routes,
  });
  const view = renderApp(`/jobs/${draft.id}`);
  return { ...view, server, draft };
}

/** The first page of a file also loads its route modules: give it time on a busy machine. */
const publishButton = () => screen.findByRole('button', { name: 'Publish' }, { timeout: 10_000 });

async function openCheckout(view: ReturnType<typeof openDraft>) {
  await view.user.click(await publishButton());
  const confirm = await screen.findByRole('dialog', { name: 'Publish this job posting?' });
  await view.user.click(within(confirm).getByRole('button', { name: 'Continue to payment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pay for your job posting' });
  await within(dialog).findByRole('button', { name: 'Pay $199.00' });
  return dialog;
}

async function fillCard(
  view: ReturnType<typeof openDraft>,
  dialog: HTMLElement,
  card: { number: string; month: string; year: string; cvc: string },
) {
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  for (const [name, value] of [
    ['Card number', card.number],
    ['Month', card.month],
    ['Year', card.year],
    ['CVC', card.cvc],
  ]) {
    await view.user.clear(field(name));
    if (value) await view.user.type(field(name), value);
  }
}

const nextYear = String(new Date().getFullYear() + 1).slice(2);

describe('publish confirmation', () => {
  test('with credits: the monthly rate shows as one posting credit', async () => {
    const view = openDraft(3);
    await view.user.click(await publishButton());
    const dialog = await screen.findByRole('dialog', { name: 'Publish this job posting?' });
    expect(await within(dialog).findByText('1 posting credit ($199.00 per month value)')).toBeInTheDocument();
    expect(within(dialog).getByText(/Your facility has 3 posting credits; 2 credits will remain/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/billed monthly/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Publish with a credit' })).toBeInTheDocument();
  });

  test('without credits: the rate shows as a monthly charge, with no refunds', async () => {
    const view = openDraft(0);
    await view.user.click(await publishButton());
    const dialog = await screen.findByRole('dialog', { name: 'Publish this job posting?' });
    expect(
      await within(dialog).findByText('$199.00 per month, billed monthly until the posting is withdrawn or expires; no refunds'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/posting credit/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  });

  test('reactivating without credits states the charge; requires_payment opens the checkout', async () => {
    const withdrawn = facilityPosting({ status: 'withdrawn' });
    const user = facilityUser({ posting_credits: 0 });
    signInAs(user);
    mockApi({
      'GET /users/me': json(200, user),
      'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
      [`GET /job-postings/${withdrawn.id}`]: json(200, withdrawn),
      [`GET /billing/subscription/${withdrawn.id}`]: json(404, { detail: 'No billing history available' }),
      'GET /billing/config': json(200, sandboxConfig),
      [`POST /job-postings/${withdrawn.id}/reactivate`]: json(200, { ...withdrawn, requires_payment: true }),
      'POST /billing/create-checkout-session': json(200, SESSION),
    });
    const view = renderApp(`/jobs/${withdrawn.id}`);
    await view.user.click(await screen.findByRole('button', { name: 'Reactivate' }, { timeout: 10_000 }));
    const ask = await screen.findByRole('dialog', { name: 'Reactivate this job posting?' });
    expect(
      await within(ask).findByText('$199.00 per month, billed monthly until the posting is withdrawn or expires; no refunds'),
    ).toBeInTheDocument();
    await view.user.click(within(ask).getByRole('button', { name: 'Continue to payment' }));
    const checkout = await screen.findByRole('dialog', { name: 'Pay for your job posting' });
    expect(await within(checkout).findByRole('button', { name: 'Pay $199.00' })).toBeInTheDocument();
    expect(screen.queryByText('Job posting reactivated')).not.toBeInTheDocument();
  });
});

describe('sandbox checkout', () => {
  test('the form is marked as a sandbox, names the test cards and asks for the checkout with the return addresses', async () => {
    const view = openDraft(0);
    const dialog = await openCheckout(view);
    expect(within(dialog).getByText('Sandbox — no real charge')).toBeInTheDocument();
    for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 0341']) {
      expect(within(dialog).getByRole('button', { name: `Use test card ${number}` })).toBeInTheDocument();
    }
    expect(view.server.callsTo('POST /billing/create-checkout-session')[0].json()).toEqual({
      job_posting_id: view.draft.id,
      success_url: `${window.location.origin}/payment/success`,
      cancel_url: `${window.location.origin}/jobs/${view.draft.id}`,
    });
    // A test card fills the number.
    await view.user.click(within(dialog).getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    expect(within(dialog).getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  });

  test('validation uses the shared messages and sends nothing until the card reads right', async () => {
    const view = openDraft(0);
    const dialog = await openCheckout(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'Pay $199.00' }));
    expect(within(dialog).getByText('Enter a 16-digit card number.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a month from 1 to 12.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a four-digit year.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the 3 or 4 digit security code.')).toBeInTheDocument();

    await fillCard(view, dialog, { number: '4242 4242 4242', month: '13', year: nextYear, cvc: '12' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Pay $199.00' }));
    expect(within(dialog).getByText('Enter a 16-digit card number.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a month from 1 to 12.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the 3 or 4 digit security code.')).toBeInTheDocument();

    await fillCard(view, dialog, { number: '4242424242424242', month: '01', year: '2001', cvc: '123' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Pay $199.00' }));
    expect(within(dialog).getByText('This card has expired.')).toBeInTheDocument();
    expect(view.server.callsTo(`POST /billing/sandbox/sessions/${SESSION.session_id}/pay`)).toHaveLength(0);
  });

  test('a declined card: Payment Error with the detail; Close leaves the posting a draft', async () => {
    const view = openDraft(0, {
      [`POST /billing/sandbox/sessions/${SESSION.session_id}/pay`]: json(402, { detail: 'Your card was declined.' }),
    });
    const dialog = await openCheckout(view);
    await fillCard(view, dialog, { number: '4000 0000 0000 0002', month: '12', year: nextYear, cvc: '123' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Pay $199.00' }));

    const error = await screen.findByRole('dialog', { name: 'Payment Error' });
    expect(within(error).getByText('Your card was declined.')).toBeInTheDocument();
    expect(view.server.callsTo(`POST /billing/sandbox/sessions/${SESSION.session_id}/pay`)[0].json()).toEqual({
      card_number: '4000000000000002',
      exp_month: 12,
      exp_year: 2000 + Number(nextYear),
      cvc: '123',
    });
    expect(view.server.callsTo(`POST /billing/confirm-subscription/${SESSION.session_id}`)).toHaveLength(0);
    await view.user.click(within(error).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Publish this posting to get applications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  test('a checkout that cannot be created shows the detail (a billing manager must pay), else the fallback', async () => {
    const detail =
      "Only a billing manager can pay for this posting. We've emailed your facility's billing managers to complete the payment.";
    const first = openDraft(0, { 'POST /billing/create-checkout-session': json(403, { detail }) });
    await first.user.click(await publishButton());
    await first.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue to payment' }));
    expect(within(await screen.findByRole('dialog', { name: 'Payment Error' })).getByText(detail)).toBeInTheDocument();
    first.unmount();

    const second = openDraft(0, { 'POST /billing/create-checkout-session': json(500, {}) });
    await second.user.click(await publishButton());
    await second.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue to payment' }));
    const error = await screen.findByRole('dialog', { name: 'Payment Error' });
    expect(within(error).getByText('Failed to create checkout session')).toBeInTheDocument();
  });

  test('a confirmation that fails shows its detail, else the fallback', async () => {
    const view = openDraft(0, {
      [`POST /billing/confirm-subscription/${SESSION.session_id}`]: json(409, {
        detail: 'The payment for this checkout has not gone through yet.',
      }),
    });
    const dialog = await openCheckout(view);
    await fillCard(view, dialog, { number: '4242 4242 4242 4242', month: '12', year: nextYear, cvc: '123' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Pay $199.00' }));
    const error = await screen.findByRole('dialog', { name: 'Payment Error' });
    expect(within(error).getByText('The payment for this checkout has not gone through yet.')).toBeInTheDocument();
    view.unmount();

    const other = openDraft(0, { [`POST /billing/confirm-subscription/${SESSION.session_id}`]: json(500, {}) });
    const again = await openCheckout(other);
    await fillCard(other, again, { number: '4242 4242 4242 4242', month: '12', year: nextYear, cvc: '123' });
    await other.user.click(within(again).getByRole('button', { name: 'Pay $199.00' }));
    expect(within(await screen.findByRole('dialog', { name: 'Payment Error' })).getByText('Failed to confirm payment')).toBeInTheDocument();
  });
});

describe('paying', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  test("a good card: 'Payment Successful!' says the posting is live, closes after 2 s, and the page shows it active", async () => {
    jest.useFakeTimers();
    const view = openDraft(0);
    const dialog = await openCheckout(view);
    await fillCard(view, dialog, { number: '4242424242424242', month: '12', year: nextYear, cvc: '123' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Pay $199.00' }));

    const success = await screen.findByRole('dialog', { name: 'Payment Successful!' });
    expect(within(success).getByText(`“${view.draft.title}” is live.`)).toBeInTheDocument();
    expect(view.server.callsTo(`POST /billing/confirm-subscription/${SESSION.session_id}`)).toHaveLength(1);

    act(() => jest.advanceTimersByTime(1800));
    expect(screen.getByRole('dialog', { name: 'Payment Successful!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const actions = screen.getByRole('group', { name: 'Posting actions' });
    expect(await within(actions).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.queryByText('Publish this posting to get applications')).not.toBeInTheDocument();
  });
});
