import { screen, waitFor } from '@testing-library/react';

import { json, mockApi } from '../support/api-mock';
import { renderApp } from '../support/render';

// The page is a lazy route: its first render waits for the chunk.
describe('/unsubscribe (the link of a job alert email)', () => {
  test('turns alerts off once with the link token, without signing in', async () => {
    const api = mockApi({
      'POST /job-alerts/unsubscribe': json(200, {
        message: 'You will no longer receive job alert emails. You can turn them back on in your profile.',
      }),
    });
    renderApp('/unsubscribe?token=abc.def');
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/You will no longer receive job alert emails/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Job alert settings' })).toHaveAttribute('href', '/applicant-profile');
    await waitFor(() => expect(api.callsTo('POST /job-alerts/unsubscribe')).toHaveLength(1));
    expect(api.callsTo('POST /job-alerts/unsubscribe')[0].query.get('token')).toBe('abc.def');
  });

  test("a bad link says so and points to the profile's setting", async () => {
    mockApi({ 'POST /job-alerts/unsubscribe': json(400, { detail: 'This unsubscribe link is invalid.' }) });
    renderApp('/unsubscribe?token=forged');
    expect(await screen.findByRole('heading', { name: "We couldn't unsubscribe you" }, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.getByText(/This unsubscribe link is invalid\. You can turn job alerts off in your profile instead\./),
    ).toBeInTheDocument();
  });

  test('no token: nothing is sent', async () => {
    const api = mockApi({});
    renderApp('/unsubscribe');
    expect(await screen.findByRole('heading', { name: "We couldn't unsubscribe you" }, { timeout: 5000 })).toBeInTheDocument();
    expect(api.callsTo('POST /job-alerts/unsubscribe')).toHaveLength(0);
  });
});
