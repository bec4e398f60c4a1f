import { screen, waitFor, within } from '@testing-library/react';

import type { RateInsight } from '@domain/insights';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { applicant, permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { PROCEDURE_TYPES, facilityUser, publicPosting } from '../postings/fixtures';

const CRNA_CA: RateInsight = {
  enough_data: true,
  role_type: 'CRNA',
  state: 'CA',
  window_days: 90,
  since: '2026-08-26T12:00:00.000Z',
  agreed: {
    count: 8,
    p25: 160,
    median: 177.5,
    p75: 202.5,
    distribution: [
      { from: 140, to: 160, count: 1 },
      { from: 160, to: 180, count: 3 },
      { from: 180, to: 200, count: 1 },
      { from: 200, to: 220, count: 2 },
      { from: 220, to: 240, count: 0 },
      { from: 240, to: 260, count: 1 },
    ],
  },
  posted: { count: 10, p25: 180, median: 185, p75: 190 },
  bids: { count: 10, countered: 4, countered_share: 0.4 },
};

function openJobForm(insight: MockHandler) {
  const user = facilityUser();
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    'GET /job-postings/procedure-types': json(200, PROCEDURE_TYPES),
    'GET /insights/rates': insight,
  });
  return { server, ...renderApp('/jobs/new') };
}

async function chooseJob(user: ReturnType<typeof renderApp>['user'], state = 'California (CA)') {
  await user.click(screen.getByRole('radio', { name: 'CRNA' }));
  await user.click(screen.getByRole('combobox', { name: /^Required license state/ }));
  await user.click(await screen.findByRole('option', { name: state }));
}

const insightPanel = () => screen.getByRole('region', { name: 'Market rates' });

describe('the job form shows market rates beside the hourly rate', () => {
  test('asks once the role and state are chosen, then shows the median, quartiles, chart and where the rate sits', async () => {
    const { server, user } = openJobForm(json(200, CRNA_CA));
    await screen.findByRole('form', { name: 'Post new job' });
    expect(within(insightPanel()).getByText(/Choose the role and the required license state/)).toBeInTheDocument();
    expect(server.callsTo('GET /insights/rates')).toHaveLength(0);

    await chooseJob(user);
    await user.click(screen.getByLabelText(/^Hourly rate/));
    await user.paste('185');

    const panel = insightPanel();
    expect(
      await within(panel).findByText(
        'Agreed rates for CRNAs in CA, last 90 days: median $178 (25th to 75th percentile $160 to $203, 8 connections)',
      ),
    ).toBeInTheDocument();
    const [call] = server.callsTo('GET /insights/rates');
    expect(Object.fromEntries(call.query)).toEqual({ role_type: 'CRNA', state: 'CA' });
    expect(call.headers.get('Authorization')).toBe('Bearer token-of-facility_admin');

    const chart = within(panel).getByRole('img', { name: /Agreed rates by hourly rate/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('$160 to $179: 3 connections'));
    expect(chart.querySelectorAll('rect')).toHaveLength(1 + 6);
    expect(within(panel).getByTestId('your-rate')).toBeInTheDocument();
    expect(within(panel).getByText('Your $185/hr is within the middle half of agreed rates.')).toBeInTheDocument();
    expect(within(panel).getByText('Posted rates: median $185 (25th to 75th percentile $180 to $190, 10 postings).')).toBeInTheDocument();
    expect(within(panel).getByText('Bids were countered 40% of the time (4 of 10 bids).')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Hourly rate/));
    await user.paste('250');
    expect(await within(panel).findByText('Your $250/hr is above the 75th percentile of agreed rates.')).toBeInTheDocument();
  });

  test('says there are too few connections below the floor', async () => {
    const { user } = openJobForm(json(200, { enough_data: false }));
    await screen.findByRole('form', { name: 'Post new job' });
    await chooseJob(user, 'Nevada (NV)');
    expect(
      await within(insightPanel()).findByText(
        'Agreed rates for CRNAs in NV, last 90 days: fewer than 5 connections so far, too few to show.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Agreed rates by hourly rate/ })).not.toBeInTheDocument();
  });

  test('a failed load is said quietly with a retry, and the form still works', async () => {
    let fail = true;
    const { server, user } = openJobForm(() => (fail ? json(500, { detail: 'boom' }) : json(200, CRNA_CA)));
    await screen.findByRole('form', { name: 'Post new job' });
    await chooseJob(user);
    const retry = await within(insightPanel()).findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(within(insightPanel()).getByText(/Market rates could not be loaded/)).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await within(insightPanel()).findByText(/^Agreed rates for CRNAs in CA, last 90 days: median \$178/)).toBeInTheDocument();
    expect(server.callsTo('GET /insights/rates').length).toBeGreaterThanOrEqual(2);
  });
});

describe("the applicant's bid form shows the same for the posting's role and state", () => {
  test('with the typed bid placed among the agreed rates', async () => {
    const posting = publicPosting({ role_type: 'CRNA', required_license_state: 'CA', hourly_rate: 150 });
    signInAs(applicant);
    const server = mockApi({
      'GET /users/me': json(200, applicant),
      [`GET /job-postings/${posting.id}`]: json(200, posting),
      'GET /job-bids/my-bids': json(200, []),
      'GET /insights/rates': json(200, CRNA_CA),
    });
    renderApp(`/jobs/${posting.id}`);
    const form = await screen.findByRole('form', { name: 'Bid on this job' }, { timeout: 10_000 });
    expect(
      await within(form).findByText(/^Agreed rates for CRNAs in CA, last 90 days: median \$178/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(form).getByText('Your $150/hr is below the 25th percentile of agreed rates.')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /insights/rates')).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo('GET /insights/rates')[0].query)).toEqual({ role_type: 'CRNA', state: 'CA' });
  });
});
