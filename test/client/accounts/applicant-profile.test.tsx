import { accountMessages } from '@domain/accounts/messages';
import { screen, waitFor, within } from '@testing-library/react';

import type { ApplicantView } from '@domain/applicants/applicant-view';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { applicant, applicantProfile, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { setDate } from './support';

const record = applicantProfile();

const NEXT_DIGEST = '2025-07-03T14:00:00.000Z';

function applicantServer(routes: Record<string, MockHandler> = {}, profile: ApplicantView = record) {
  signInAs({ ...applicant, applicant: { id: profile.id, verification_status: profile.verification_status, is_active: profile.is_active } });
  return mockApi({
    'GET /users/me': json(200, applicant),
    'GET /applicants/profile': json(200, profile),
    'PUT /applicants/profile': (call) => json(200, { ...profile, ...call.json<object>(), updated_at: '2025-07-01T00:00:00.000Z' }),
    'GET /applicants/job-alerts': json(200, { frequency: 'weekly', next_digest_at: NEXT_DIGEST }),
    'PUT /applicants/job-alerts': (call) => {
      const { frequency } = call.json<{ frequency: string }>();
      return json(200, { frequency, next_digest_at: frequency === 'off' ? null : NEXT_DIGEST });
    },
    ...routes,
  });
}

async function openProfile() {
  const view = renderApp('/applicant-profile');
  await screen.findByRole('heading', { name: 'My Profile' });
  await screen.findByLabelText('License number');
  return view;
}

describe('/applicant-profile', () => {
  test('loads every field; a pending applicant reads "pending identity confirmation"', async () => {
    applicantServer();
    await openProfile();

    expect(screen.getAllByText(/pending identity confirmation/).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText('First name')).toHaveValue('Casey');
    expect(screen.getByLabelText('License number')).toHaveValue('RN-55821');
    expect(screen.getByRole('combobox', { name: 'License state' })).toHaveValue('California (CA)');
    expect(screen.getByLabelText('License expiration date')).toHaveValue('2028-06-30');
    expect(screen.getByLabelText('NPI number')).toHaveValue('1234567893');
    expect(screen.getByRole('radio', { name: 'CRNA' })).toBeChecked();
    expect(await screen.findByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(screen.getByText(/Next digest: /)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /malpractice/ })).toBeChecked();
    expect(screen.getByLabelText('Preferred travel radius')).toHaveValue('50 miles');
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
  });

  test('job alerts: off is saved at once and says so; no unsaved changes are left behind', async () => {
    const server = applicantServer();
    const { user } = await openProfile();
    await user.click(await screen.findByRole('radio', { name: 'Off' }));
    await waitFor(() => expect(server.callsTo('PUT /applicants/job-alerts')[0]?.json()).toEqual({ frequency: 'off' }));
    expect(await screen.findByText(/Job alerts are off\./)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT /applicants/profile')).toHaveLength(0);
  });

  test('a verified applicant is shown as verified, without the pending notice', async () => {
    applicantServer({}, { ...record, verification_status: 'verified' });
    await openProfile();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText(/pending identity confirmation/)).not.toBeInTheDocument();
  });

  test('saves every field with PUT /applicants/profile (empties as null)', async () => {
    const server = applicantServer();
    const { user } = await openProfile();

    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Rivera-Lopez');
    await user.click(screen.getByRole('radio', { name: 'Anesthesiologist' }));
    await user.click(await screen.findByRole('radio', { name: 'Daily' }));
    // Job alerts save at once; the form follows, so its save keeps the choice.
    await waitFor(() => expect(server.callsTo('PUT /applicants/job-alerts')[0]?.json()).toEqual({ frequency: 'daily' }));
    setDate('License expiration date', '2029-12-31');
    await user.type(screen.getByLabelText('LinkedIn profile'), 'casey-rivera');
    await user.tab();
    await user.type(screen.getByLabelText('Bio'), 'Ten years in ambulatory surgery.');
    await user.type(screen.getByLabelText('Minimum hourly rate'), '150');
    await user.type(screen.getByLabelText('Maximum hourly rate'), '210');
    await user.type(screen.getByRole('combobox', { name: 'Certifications' }), 'ACLS{enter}PALS{enter}');
    await user.type(screen.getByLabelText('City'), 'San Diego');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(server.callsTo('PUT /applicants/profile')[0].json()).toEqual({
      first_name: 'Casey',
      last_name: 'Rivera-Lopez',
      role_type: 'Anesthesiologist',
      license_number: 'RN-55821',
      license_state: 'CA',
      license_expires_at: '2029-12-31',
      npi: '1234567893',
      linkedin_profile: 'https://www.linkedin.com/in/casey-rivera',
      experience_started_at: '2015-09-01',
      malpractice_provided: true,
      job_search_frequency_days: 1,
      bio: 'Ten years in ambulatory surgery.',
      hourly_rate_min: 150,
      hourly_rate_max: 210,
      preferred_radius_miles: 50,
      address_line1: null,
      address_line2: null,
      city: 'San Diego',
      state: null,
      zip_code: null,
      certifications: ['ACLS', 'PALS'],
    });
    await waitFor(() => expect(screen.getByText('All changes saved.')).toBeInTheDocument());
  });

  test('judges the fields with the shared applicant rules before saving', async () => {
    const server = applicantServer();
    const { user } = await openProfile();

    await user.clear(screen.getByLabelText('NPI number'));
    await user.type(screen.getByLabelText('NPI number'), '12345');
    await user.clear(screen.getByLabelText('License number'));
    await user.type(screen.getByLabelText('Minimum hourly rate'), '200');
    await user.type(screen.getByLabelText('Maximum hourly rate'), '150');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(accountMessages.fixErrorsBeforeSubmitting)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.npiLength)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.licenseNumberRequired)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.hourlyRateRangeInvalid)).toBeInTheDocument();
    expect(server.callsTo('PUT /applicants/profile')).toHaveLength(0);
  });

  test("a refused save shows the server's detail", async () => {
    applicantServer({ 'PUT /applicants/profile': json(409, { detail: 'NPI 1234567893 is already registered.' }) });
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('City'), 'San Diego');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('NPI 1234567893 is already registered.');
  });

  test("a 403 shows 'Access denied. This page is only available to applicants.'", async () => {
    applicantServer({ 'GET /applicants/profile': json(403, { detail: accountMessages.applicantProfileAccessDenied }) });
    renderApp('/applicant-profile');
    expect(await screen.findByText(accountMessages.applicantProfileAccessDenied)).toBeInTheDocument();
    expect(screen.queryByLabelText('License number')).not.toBeInTheDocument();
  });

  test('a failed load says so and offers a retry', async () => {
    applicantServer({ 'GET /applicants/profile': json(500) });
    renderApp('/applicant-profile');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Failed to load your profile');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
