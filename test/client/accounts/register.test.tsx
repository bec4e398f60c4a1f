import { accountMessages, licenseTaken, npiTaken } from '@domain/accounts/messages';
import { screen, waitFor, within } from '@testing-library/react';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { applicant, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';
import { CHECK_TIMEOUT, choose, continueButton, continueToStep2, fillAccountStep, setDate, validNpi, type User } from './support';

const NPI = validNpi('123456789'); // 1234567893
const OTHER_NPI = validNpi('198765432');

/** The registration API: everything available unless told otherwise. */
function registrationServer(routes: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /auth/check-email': json(200, { available: true }),
    'GET /auth/check-npi': json(200, { available: true }),
    'GET /auth/check-license': json(200, { available: true }),
    'POST /auth/register': (call) => json(201, { id: 'u1', email: call.json<{ email: string }>().email, role: 'applicant', message: 'ok' }),
    ...routes,
  });
}

async function openRegister(path = '/register') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Create your account' });
  return view;
}

async function fillFacilityStep(user: User, npi = NPI) {
  await user.type(screen.getByLabelText('Facility name'), 'Lakeside Surgery Center');
  await choose(user, 'Facility type', 'Hospital');
  if (npi) await user.type(screen.getByLabelText('NPI number'), npi);
  await user.type(screen.getByLabelText('Website'), 'lakeside.example.com');
  await user.type(screen.getByLabelText('Street address'), '12 Harbor Way');
  await user.type(screen.getByLabelText('City'), 'Portland');
  await user.type(screen.getByLabelText('State'), 'or');
  await user.type(screen.getByLabelText('ZIP code'), '97201');
  await user.type(screen.getByLabelText('Phone'), '5035550134');
}

async function fillApplicantStep(user: User, { npi = NPI, license = 'RN-55821', state = 'California' } = {}) {
  await user.type(screen.getByLabelText('License number'), license);
  await choose(user, 'License state', new RegExp(state));
  setDate('License expiration date', '2029-01-31');
  setDate('Experience start date', '2014-05-01');
  await user.type(screen.getByLabelText('NPI number'), npi);
}

describe('registration step 1', () => {
  test('Continue is enabled only once every field is filled, valid, and the email confirmed free', async () => {
    const server = registrationServer();
    const { user } = await openRegister();

    expect(continueButton()).toBeDisabled();
    expect(screen.getByText('Fill in every field to continue.')).toBeInTheDocument();

    await fillAccountStep(user, { terms: false });
    expect(continueButton()).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await waitFor(() => expect(continueButton()).toBeEnabled(), CHECK_TIMEOUT);
    expect(screen.getByText('This email is available')).toBeInTheDocument();

    // Checked once, after typing stopped, with the address as typed (trimmed, lower case).
    const checks = server.callsTo('GET /auth/check-email');
    expect(checks).toHaveLength(1);
    expect(checks[0].query.get('email')).toBe('jordan@lakeside.example.com');
  });

  test('a taken email blocks Continue with the spec message', async () => {
    registrationServer({ 'GET /auth/check-email': json(200, { available: false }) });
    const { user } = await openRegister();

    await fillAccountStep(user, { email: 'Taken@Example.com' });

    expect(await screen.findByText(accountMessages.emailTaken, undefined, CHECK_TIMEOUT)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(continueButton()).toBeDisabled();
    expect(screen.getByText(accountMessages.fixErrorsBeforeContinuing)).toBeInTheDocument();
  });

  test('a failed availability check counts as not available', async () => {
    registrationServer({ 'GET /auth/check-email': json(500, { detail: 'boom' }) });
    const { user } = await openRegister();

    await fillAccountStep(user);

    expect(
      await screen.findByText('We could not check this email right now. Please try again in a moment.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  test('a malformed email is not sent for checking; the field says why when left', async () => {
    const server = registrationServer();
    const { user } = await openRegister();

    await user.type(screen.getByLabelText('Email'), 'jordan@');
    await user.click(screen.getByLabelText('First name'));

    expect(await screen.findByText(accountMessages.emailInvalid)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.callsTo('GET /auth/check-email')).toHaveLength(0);
  });

  test('names, passwords and terms follow the registration rules', async () => {
    registrationServer();
    const { user } = await openRegister();

    await user.type(screen.getByLabelText('First name'), 'J');
    await user.type(screen.getByLabelText('Last name'), 'D3');
    await user.type(screen.getByLabelText('Password'), 'abcdefgh');
    await user.type(screen.getByLabelText('Confirm password'), 'abcdefgx');
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));

    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name may contain only letters, spaces, hyphens and apostrophes')).toBeInTheDocument();
    expect(screen.getByText(accountMessages.passwordNeedsNumber)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.tosRequired)).toBeInTheDocument();

    // Errors go as soon as the field is fixed.
    await user.type(screen.getByLabelText('First name'), 'o');
    await user.type(screen.getByLabelText('Password'), '1');
    await waitFor(() => expect(screen.queryByText('First name must be at least 2 characters')).not.toBeInTheDocument());
    expect(screen.queryByText(accountMessages.passwordNeedsNumber)).not.toBeInTheDocument();
    // The confirmation is judged again when the password changes.
    expect(screen.getByText(accountMessages.passwordsDoNotMatch)).toBeInTheDocument();
  });

  test('a short password reports its length rule', async () => {
    registrationServer();
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Password'), 'ab1');
    await user.tab();
    expect(await screen.findByText(accountMessages.passwordTooShort)).toBeInTheDocument();
  });
});

describe('registration step 2: facility', () => {
  async function toFacilityStep(server = registrationServer()) {
    const view = await openRegister();
    await fillAccountStep(view.user, { type: 'facility' });
    await continueToStep2(view.user);
    await screen.findByRole('heading', { name: 'Your facility' });
    return { ...view, server };
  }

  test('moves focus to the step heading, and Back keeps what was typed', async () => {
    const { user } = await toFacilityStep();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your facility' })).toHaveFocus());

    await user.type(screen.getByLabelText('Facility name'), 'Lakeside');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Jordan');
    expect(screen.getByLabelText('Email')).toHaveValue('jordan@lakeside.example.com');

    await continueToStep2(user);
    expect(await screen.findByLabelText('Facility name')).toHaveValue('Lakeside');
  });

  test('an empty submit shows each required message and the summary', async () => {
    const { user, server } = await toFacilityStep();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(accountMessages.fixErrorsBeforeSubmitting)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.facilityTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.npiRequired)).toBeInTheDocument();
    expect(screen.getByText('Facility name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(server.callsTo('POST /auth/register')).toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('Facility name')).toHaveFocus());
  });

  test('formats the phone while typing, upper-cases the state, adds https:// to the website', async () => {
    const { user } = await toFacilityStep();

    await user.type(screen.getByLabelText('Phone'), '5035550134');
    expect(screen.getByLabelText('Phone')).toHaveValue('(503) 555-0134');
    await user.type(screen.getByLabelText('State'), 'or');
    expect(screen.getByLabelText('State')).toHaveValue('OR');
    await user.type(screen.getByLabelText('Website'), 'lakeside.example.com');
    await user.tab();
    expect(screen.getByLabelText('Website')).toHaveValue('https://lakeside.example.com');
  });

  test('a registered NPI is refused with its number', async () => {
    const { user, server } = await toFacilityStep(
      registrationServer({
        'GET /auth/check-npi': (call) => json(200, { available: call.query.get('npi') !== OTHER_NPI }),
      }),
    );

    await user.type(screen.getByLabelText('NPI number'), OTHER_NPI);
    expect(await screen.findByText(npiTaken(OTHER_NPI), undefined, CHECK_TIMEOUT)).toBeInTheDocument();

    await fillFacilityStep(user, '');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(accountMessages.fixErrorsBeforeSubmitting)).toBeInTheDocument();
    expect(server.callsTo('POST /auth/register')).toHaveLength(0);
  });

  test('registers with the shared payload, then shows the check-your-inbox state with a resend button', async () => {
    const server = registrationServer({
      'POST /auth/resend-verification-email': json(200, { message: accountMessages.verificationEmailSent }),
    });
    const { user } = await toFacilityStep(server);

    await fillFacilityStep(user);
    await waitFor(() => expect(server.callsTo('GET /auth/check-npi')).toHaveLength(1), CHECK_TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getAllByText(accountMessages.registrationSucceeded).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText('jordan@lakeside.example.com')).toBeInTheDocument();

    const [call] = server.callsTo('POST /auth/register');
    expect(call.json()).toEqual({
      email: 'jordan@lakeside.example.com',
      password: 'Passw0rd!',
      tos_accepted: true,
      role: 'facility_admin',
      profile_data: {
        first_name: 'Jordan',
        last_name: "O'Neil",
        name: 'Lakeside Surgery Center',
        facility_type: 'Hospital',
        npi: NPI,
        website: 'https://lakeside.example.com',
        address_line1: '12 Harbor Way',
        city: 'Portland',
        state: 'OR',
        zip_code: '97201',
        phone: '5035550134',
      },
    });

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(accountMessages.verificationEmailSent)).toBeInTheDocument();
    expect(server.callsTo('POST /auth/resend-verification-email')[0].json()).toEqual({
      email: 'jordan@lakeside.example.com',
    });
  });

  test("a refused registration shows the server's detail, else the fallback", async () => {
    const server = registrationServer({ 'POST /auth/register': json(409, { detail: accountMessages.emailTaken }) });
    const { user } = await toFacilityStep(server);
    await fillFacilityStep(user);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.emailTaken);
    expect(screen.getByRole('heading', { name: 'Your facility' })).toBeInTheDocument();
  });

  test("a registration failing without detail shows 'Registration failed. Please try again.'", async () => {
    const server = registrationServer({ 'POST /auth/register': json(500) });
    const { user } = await toFacilityStep(server);
    await fillFacilityStep(user);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.registrationFailed);
  });
});

describe('registration step 2: applicant', () => {
  async function toApplicantStep(server = registrationServer()) {
    const view = await openRegister();
    await fillAccountStep(view.user, { type: 'applicant', email: 'casey@example.com' });
    await continueToStep2(view.user);
    await screen.findByRole('heading', { name: 'Your professional details' });
    return { ...view, server };
  }

  test('defaults to CRNA and weekly job alerts; requires the license and NPI', async () => {
    const { user } = await toApplicantStep();

    expect(screen.getByRole('radio', { name: 'CRNA' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(accountMessages.licenseNumberRequired)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.npiRequired)).toBeInTheDocument();
    expect(screen.getByText('License expiration date is required')).toBeInTheDocument();
    expect(screen.getByText('Experience start date is required')).toBeInTheDocument();
    expect(screen.getByText(accountMessages.fixErrorsBeforeSubmitting)).toBeInTheDocument();
  });

  test('a license already registered in that state is refused', async () => {
    const { user, server } = await toApplicantStep(registrationServer({ 'GET /auth/check-license': json(200, { available: false }) }));

    await user.type(screen.getByLabelText('License number'), 'RN-55821');
    await choose(user, 'License state', /California/);

    expect(await screen.findByText(licenseTaken('CA', 'RN-55821'), undefined, CHECK_TIMEOUT)).toBeInTheDocument();
    const [check] = server.callsTo('GET /auth/check-license');
    expect(check.query.get('license_number')).toBe('RN-55821');
    expect(check.query.get('license_state')).toBe('CA');
  });

  test('registers an applicant with every detail', async () => {
    const { user, server } = await toApplicantStep();

    await fillApplicantStep(user);
    await user.click(screen.getByRole('radio', { name: 'Anesthesiologist' }));
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    await user.click(screen.getByRole('checkbox', { name: /malpractice/ }));
    await user.type(screen.getByLabelText('LinkedIn profile'), 'linkedin.com/in/casey-rivera');
    await user.tab();
    expect(screen.getByLabelText('LinkedIn profile')).toHaveValue('https://www.linkedin.com/in/casey-rivera');

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();

    expect(server.callsTo('POST /auth/register')[0].json()).toEqual({
      email: 'casey@example.com',
      password: 'Passw0rd!',
      tos_accepted: true,
      role: 'applicant',
      profile_data: {
        first_name: 'Jordan',
        last_name: "O'Neil",
        role_type: 'Anesthesiologist',
        license_number: 'RN-55821',
        license_state: 'CA',
        license_expires_at: '2029-01-31',
        npi: NPI,
        linkedin_profile: 'https://www.linkedin.com/in/casey-rivera',
        experience_started_at: '2014-05-01',
        malpractice_provided: true,
        job_search_frequency_days: 1,
      },
    });
  });
});

describe('registration with an invitation', () => {
  test('a failed validation says so and lets the person register normally', async () => {
    const server = registrationServer(); // validate-token answers 404 (not built yet)
    const { user } = await openRegister('/register?invite=tok-123');

    expect(await screen.findByText(/Failed to validate invitation\. Please try again\./)).toBeInTheDocument();
    expect(server.callsTo('POST /facility-user-invites/validate-token')[0].json()).toEqual({ token: 'tok-123' });

    expect(screen.getByRole('radio', { name: /^Facility/ })).toBeInTheDocument();
    await fillAccountStep(user);
    await continueToStep2(user);
    expect(await screen.findByRole('heading', { name: 'Your facility' })).toBeInTheDocument();
  });

  test('a valid invitation hides the type, locks the email and registers the member in one step', async () => {
    const server = registrationServer({
      'POST /facility-user-invites/validate-token': json(200, {
        valid: true,
        facility_name: 'Lakeside Surgery Center',
        inviter_name: 'Morgan Lee',
        role: 'user',
        expired: false,
        used: false,
        email: 'new.member@lakeside.example.com',
      }),
    });
    const { user } = await openRegister('/register?invite=tok-123');

    expect(await screen.findByText(/Morgan Lee invited you to join Lakeside Surgery Center/)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^Facility/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new.member@lakeside.example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Park');
    await user.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await user.type(screen.getByLabelText('Confirm password'), 'Passw0rd!');
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByRole('heading', { name: 'Welcome to the team' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST /auth/register')[0].json()).toEqual({
      email: 'new.member@lakeside.example.com',
      password: 'Passw0rd!',
      tos_accepted: true,
      role: 'facility_admin',
      invite_token: 'tok-123',
      profile_data: { first_name: 'Sam', last_name: 'Park' },
    });
    expect(server.callsTo('GET /auth/check-email')).toHaveLength(0);
  });

  test.each([
    [{ expired: true }, accountMessages.invitationExpired],
    [{ used: true }, accountMessages.invitationUsed],
    [{}, accountMessages.invitationInvalid],
  ])('an unusable invitation (%o) gets a page saying why, not the form', async (flags, message) => {
    registrationServer({ 'POST /facility-user-invites/validate-token': json(200, { valid: false, ...flags }) });
    renderApp('/register?invite=tok-123');
    expect(await screen.findByRole('heading', { name: message })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your own account' })).toHaveAttribute('href', '/register');
  });
});

test('a signed-in user opening /register goes to the dashboard', async () => {
  signInAs(applicant);
  mockApi({ 'GET /users/me': json(200, applicant) });
  const { router } = renderApp('/register');
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  expect(within(screen.getByRole('main')).queryByText('Create your account')).not.toBeInTheDocument();
});
