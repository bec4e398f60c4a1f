import { accountMessages } from '@domain/accounts/messages';
import { screen, waitFor, within } from '@testing-library/react';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { facilityMember, facilityProfile, permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';

const record = facilityProfile({ website: 'https://lakeside.example.com' });

function facilityServer(routes: Record<string, MockHandler> = {}, flags = permissions({ role: 'admin' })) {
  signInAs(facilityMember);
  return mockApi({
    'GET /users/me': json(200, facilityMember),
    'GET /users/me/facility-permissions': json(200, flags),
    'GET /facilities/profile': json(200, record),
    'PUT /facilities/profile': (call) =>
      json(200, { ...record, ...call.json<object>(), updated_at: '2025-07-01T00:00:00.000Z', can_edit: true }),
    ...routes,
  });
}

async function openProfile() {
  const view = renderApp('/facility-profile');
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const toasts = () => document.querySelectorAll('.mantine-Notification-root');

describe('/facility-profile', () => {
  test('shows the saved profile in the form (phone formatted) and saves it as the API wants it', async () => {
    const server = facilityServer();
    const { user } = await openProfile();

    expect(await screen.findByLabelText('Facility name')).toHaveValue('Lakeside Surgery Center');
    expect(screen.getByLabelText('Phone')).toHaveValue('(503) 555-0134');
    expect(screen.getByText('Verified facility')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '971 555 0199');
    expect(screen.getByLabelText('Phone')).toHaveValue('(971) 555-0199');
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'www.lakeside-surgery.com');
    await user.tab();
    await user.type(screen.getByLabelText('Address line 2'), 'Suite 200');
    await user.type(screen.getByLabelText('Description'), 'Four ORs, two procedure rooms.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Facility profile saved')).toBeInTheDocument();
    expect(server.callsTo('PUT /facilities/profile')[0].json()).toEqual({
      name: 'Lakeside Surgery Center',
      facility_type: 'Ambulatory Surgery Center',
      address_line1: '12 Harbor Way',
      address_line2: 'Suite 200',
      city: 'Portland',
      state: 'OR',
      zip_code: '97201',
      phone: '9715550199',
      website: 'https://www.lakeside-surgery.com',
      npi: '1234567893',
      description: 'Four ORs, two procedure rooms.',
    });
  });

  test('applies the facility profile rules and messages', async () => {
    const server = facilityServer();
    const { user } = await openProfile();
    await screen.findByLabelText('Facility name');

    await user.clear(screen.getByLabelText('Facility name'));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '1235550134');
    await user.clear(screen.getByLabelText('State'));
    await user.type(screen.getByLabelText('State'), 'xx');
    await user.clear(screen.getByLabelText('ZIP code'));
    await user.type(screen.getByLabelText('ZIP code'), '9720');
    await user.clear(screen.getByLabelText('NPI number'));
    await user.type(screen.getByLabelText('NPI number'), '12345');
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'not a site');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.requiredFieldsMissing);
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByText(accountMessages.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.stateInvalid)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.npiLength)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.websiteInvalid)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.zipInvalid)).toBeInTheDocument();
    expect(server.callsTo('PUT /facilities/profile')).toHaveLength(0);
  });

  test("a member who may not edit gets the 'Read-only view'", async () => {
    const server = facilityServer(
      { 'GET /facilities/profile': json(200, { ...record, can_edit: false }) },
      permissions({ role: 'user', can_manage_billing: false }),
    );
    await openProfile();

    expect(await screen.findByText(accountMessages.facilityProfileNoPermission, { exact: false })).toBeInTheDocument();
    expect(screen.getAllByText(accountMessages.facilityProfileReadOnly).length).toBeGreaterThanOrEqual(1);
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Lakeside Surgery Center')).toBeInTheDocument();
    expect(main.getByText('(503) 555-0134')).toBeInTheDocument();
    expect(main.queryByRole('textbox')).not.toBeInTheDocument();
    expect(main.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    expect(server.callsTo('PUT /facilities/profile')).toHaveLength(0);
  });

  test('a 404 means no facility yet: create it, then go to the facility dashboard', async () => {
    const server = facilityServer({ 'GET /facilities/profile': json(404, { detail: 'Facility profile not found' }) });
    const { user, router } = await openProfile();

    expect(await screen.findByRole('heading', { name: 'Create your facility profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Facility name')).toHaveValue('');

    await user.type(screen.getByLabelText('Facility name'), 'Harbor Pain Clinic');
    await user.type(screen.getByLabelText('Street address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Salem');
    await user.type(screen.getByLabelText('State'), 'or');
    await user.type(screen.getByLabelText('ZIP code'), '97301');
    await user.type(screen.getByLabelText('Phone'), '5035550100');
    const meCallsBefore = server.callsTo('GET /users/me').length;
    await user.click(screen.getByRole('button', { name: 'Create facility profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.callsTo('PUT /facilities/profile')[0].json()).toMatchObject({
      name: 'Harbor Pain Clinic',
      facility_type: null,
      state: 'OR',
      phone: '5035550100',
      npi: null,
      website: null,
    });
    // The new membership shows in the user record and the permissions.
    await waitFor(() => expect(server.callsTo('GET /users/me').length).toBeGreaterThan(meCallsBefore));
  });

  test("an empty create says 'Please fill in all required fields'", async () => {
    const server = facilityServer({ 'GET /facilities/profile': json(404, { detail: 'Facility profile not found' }) });
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Create facility profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.requiredFieldsMissing);
    expect(screen.getAllByText('Required')).toHaveLength(6);
    expect(server.callsTo('PUT /facilities/profile')).toHaveLength(0);
  });

  test("a failed load toasts 'Failed to load facility profile'", async () => {
    facilityServer({ 'GET /facilities/profile': json(500) });
    renderApp('/facility-profile');
    await waitFor(() => expect(toasts().length).toBeGreaterThan(0), { timeout: 3000 });
    expect(toasts()[0]).toHaveTextContent(accountMessages.facilityProfileLoadFailed);
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(accountMessages.facilityProfileLoadFailed);
  });

  test("a failed save toasts 'Failed to save facility profile. Please try again.'", async () => {
    facilityServer({ 'PUT /facilities/profile': json(500) });
    const { user } = await openProfile();
    await user.type(await screen.findByLabelText('City'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts().length).toBeGreaterThan(0));
    expect(toasts()[0]).toHaveTextContent(accountMessages.facilityProfileSaveFailed);
  });
});
