import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { JOB_FORM_MESSAGES } from '@domain/postings';

import { json, mockApi, type MockHandler } from '../support/api-mock';
import { permissions, signInAs } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';

import { PROCEDURE_TYPES, facilityPosting, facilityUser, localDateFromToday } from './fixtures';

function openForm(path = '/jobs/new', user = facilityUser(), routes: Record<string, MockHandler> = {}) {
  signInAs(user);
  const server = mockApi({
    'GET /users/me': json(200, user),
    'GET /users/me/facility-permissions': json(200, permissions({ role: 'admin' })),
    'GET /job-postings/procedure-types': json(200, PROCEDURE_TYPES),
    ...routes,
  });
  const view = renderApp(path);
  return { server, ...view };
}

const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
const field = (label: RegExp) => screen.getByLabelText(label);

const combo = (label: RegExp) => screen.getByRole('combobox', { name: label });

async function chooseOption(user: ReturnType<typeof renderApp>['user'], label: RegExp, option: string) {
  await user.click(combo(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Types into a field in one go (the form re-renders on every keystroke, which is slow in jsdom). */
async function enter(user: ReturnType<typeof renderApp>['user'], label: RegExp, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

/** Fills every required field with valid values. */
async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await enter(user, /^Job title/, 'CRNA for outpatient ortho');
  await user.click(screen.getByRole('radio', { name: 'CRNA' }));
  await chooseOption(user, /^Required license state/, 'California (CA)');
  setDate('Start date', localDateFromToday(10));
  await enter(user, /^Days per week/, '5');
  await enter(user, /^Hours per day/, '10');
  await enter(user, /^Hourly rate/, '185');
}

describe('job form: Post New Job', () => {
  test('an unverified facility sees the notice and a way back instead of the form', async () => {
    openForm('/jobs/new', facilityUser({ verification_status: 'pending' }));
    expect(await screen.findByRole('heading', { name: 'Post New Job' })).toBeInTheDocument();
    expect(screen.getByText("Your facility is currently being verified. Once verified, you'll be able to post jobs.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  test('refuses an empty form with the shared messages, and calls nothing', async () => {
    const { server, user } = openForm();
    await screen.findByRole('form', { name: 'Post new job' });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText(JOB_FORM_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(JOB_FORM_MESSAGES.roleRequired)).toBeInTheDocument();
    expect(screen.getByText(JOB_FORM_MESSAGES.licenseStateRequired)).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByText('End date is required')).toBeInTheDocument();
    expect(screen.getByText('Hourly rate is required')).toBeInTheDocument();
    expect(screen.getByText('Hours per day is required')).toBeInTheDocument();
    expect(screen.getByText('Days per week is required')).toBeInTheDocument();
    // The first invalid field gets the focus.
    expect(field(/^Job title/)).toHaveFocus();
    expect(server.callsTo('POST /job-postings')).toHaveLength(0);
  });

  test('ranges, steps and dates follow the shared rules', async () => {
    const { user } = openForm();
    await screen.findByRole('form', { name: 'Post new job' });
    setDate('Start date', localDateFromToday(-1));
    setDate('End date', localDateFromToday(-3));
    await enter(user, /^Hours per day/, '7.3');
    await enter(user, /^Days per week/, '8');
    await enter(user, /^On-call ratio/, '9');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText(JOB_FORM_MESSAGES.startDateInPast)).toBeInTheDocument();
    expect(screen.getByText(JOB_FORM_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(screen.getByText(JOB_FORM_MESSAGES.hoursPerDay)).toBeInTheDocument();
    expect(screen.getByText(JOB_FORM_MESSAGES.daysPerWeek)).toBeInTheDocument();
    expect(screen.getByText(JOB_FORM_MESSAGES.onCallRatio)).toBeInTheDocument();
  });

  test('choosing a start date moves the end date to a week later when it is empty or not after the start', async () => {
    openForm();
    await screen.findByRole('form', { name: 'Post new job' });
    const end = field(/^End date/) as HTMLInputElement;

    setDate('Start date', localDateFromToday(10));
    expect(end.value).toBe(localDateFromToday(17));

    // A later end stays where it is.
    setDate('End date', localDateFromToday(40));
    setDate('Start date', localDateFromToday(12));
    expect(end.value).toBe(localDateFromToday(40));

    // A start after the end moves the end again.
    setDate('Start date', localDateFromToday(45));
    expect(end.value).toBe(localDateFromToday(52));
    expect(screen.getByText(/^2 weeks/)).toBeInTheDocument();
  });

  test('lodging frequency appears only with a lodging amount and is cleared with it', async () => {
    const { user } = openForm();
    await screen.findByRole('form', { name: 'Post new job' });
    expect(screen.queryByRole('combobox', { name: /^Lodging paid/ })).not.toBeInTheDocument();

    await enter(user, /^Lodging allowance/, '1500');
    await chooseOption(user, /^Lodging paid/, 'Monthly');
    expect(combo(/^Lodging paid/)).toHaveValue('Monthly');

    await user.clear(field(/^Lodging allowance/));
    expect(screen.queryByRole('combobox', { name: /^Lodging paid/ })).not.toBeInTheDocument();

    await enter(user, /^Lodging allowance/, '900');
    // Cleared, so it must be chosen again.
    expect(combo(/^Lodging paid/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(JOB_FORM_MESSAGES.lodgingFrequencyRequired)).toBeInTheDocument();
  });

  test('the estimated contract value appears and follows the inputs', async () => {
    const { user } = openForm();
    await screen.findByRole('form', { name: 'Post new job' });
    expect(screen.queryByText('Estimated contract value')).not.toBeInTheDocument();

    // Mon 2030-03-04 .. Fri 2030-03-29: 4 weeks; Mon-Fri is 20 working days.
    setDate('Start date', '2030-03-04');
    setDate('End date', '2030-03-29');
    await enter(user, /^Hours per day/, '10');
    await enter(user, /^Days per week/, '5');
    await enter(user, /^Hourly rate/, '185');
    expect(await screen.findByText('Estimated contract value')).toBeInTheDocument();
    expect(screen.getByTestId('contract-value')).toHaveTextContent('$37,000');

    // Choosing Mon/Wed/Fri counts those days (12) and sets days per week.
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    expect(screen.getByTestId('contract-value')).toHaveTextContent('$22,200');
    expect(field(/^Days per week/)).toHaveValue('3');
    expect(screen.getByText(/12 working days/)).toBeInTheDocument();

    await user.clear(field(/^Hourly rate/));
    expect(screen.queryByText('Estimated contract value')).not.toBeInTheDocument();
  });

  test('the expiration date defaults to one month ahead', async () => {
    openForm();
    await screen.findByRole('form', { name: 'Post new job' });
    const expected = new Date();
    const month = expected.getMonth() + 1;
    const lastDay = new Date(expected.getFullYear(), month + 1, 0).getDate();
    const target = new Date(expected.getFullYear(), month, Math.min(expected.getDate(), lastDay));
    const value = (field(/^Expiration date/) as HTMLInputElement).value;
    // Same local date one month on (UTC and local may differ by a day around midnight).
    const diff = Math.abs(new Date(`${value}T00:00:00`).getTime() - target.getTime()) / 86_400_000;
    expect(diff).toBeLessThanOrEqual(1);
  });

  test('saves a draft with the parsed fields, then shows it at /jobs/{id}', async () => {
    const created = facilityPosting({ status: 'draft', title: 'CRNA for outpatient ortho' });
    const { server, user, router } = openForm('/jobs/new', facilityUser(), {
      'POST /job-postings': json(201, created),
      [`GET /job-postings/${created.id}`]: json(200, created),
    });
    await screen.findByRole('form', { name: 'Post new job' });
    await fillRequired(user);
    await chooseOption(user, /^Procedure types/, 'Spine');
    await enter(user, /^Lodging allowance/, '1200');
    await chooseOption(user, /^Lodging paid/, 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(currentPath(router)).toBe(`/jobs/${created.id}`));
    const [call] = server.callsTo('POST /job-postings');
    const body = call.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      title: 'CRNA for outpatient ortho',
      role_type: 'CRNA',
      required_license_state: 'CA',
      start_date: localDateFromToday(10),
      end_date: localDateFromToday(17),
      hourly_rate: 185,
      hours_per_day: 10,
      days_per_week: 5,
      week_days: [],
      procedure_type_ids: [3],
      on_call_ratio: null,
      supervision_type: null,
      malpractice_amount: null,
      lodging_amount: 1200,
      lodging_frequency: 'weekly',
      travel_allowance_amount: null,
    });
    expect(typeof body.auto_expire_date).toBe('string');
    expect(Date.parse(body.auto_expire_date as string)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(body).not.toHaveProperty('expiration_date');
  });

  test('a 422 lands on the fields; other failures show the detail or the fallback', async () => {
    let reply = json(422, { detail: [{ loc: ['body', 'title'], msg: 'Title is already in use here', type: 'custom' }] });
    const { user } = openForm('/jobs/new', facilityUser(), { 'POST /job-postings': () => reply });
    await screen.findByRole('form', { name: 'Post new job' });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Title is already in use here')).toBeInTheDocument();
    expect(field(/^Job title/)).toHaveAttribute('aria-invalid', 'true');

    reply = json(403, { detail: 'Your facility must be verified before you can post jobs.' });
    await enter(user, /^Job title/, '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your facility must be verified before you can post jobs.');

    reply = json(500, {});
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save job posting'));
  });

  test('cancel goes back to the dashboard', async () => {
    openForm();
    await screen.findByRole('form', { name: 'Post new job' });
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('job form: Edit Job Posting', () => {
  test('starts from the posting, keeps a past start date, and saves with PUT', async () => {
    const posting = facilityPosting({
      status: 'active',
      title: 'Ortho CRNA',
      start_date: localDateFromToday(-3),
      end_date: localDateFromToday(20),
      week_days: [],
      lodging_amount: null,
      lodging_frequency: null,
    });
    const { server, user, router } = openForm(`/jobs/${posting.id}/edit`, facilityUser(), {
      [`GET /job-postings/${posting.id}`]: json(200, posting),
      [`PUT /job-postings/${posting.id}`]: (call) => json(200, { ...posting, ...call.json<object>() }),
    });
    expect(await screen.findByRole('heading', { name: 'Edit Job Posting' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Edit job posting' });
    expect(within(form).getByLabelText(/^Job title/)).toHaveValue('Ortho CRNA');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/jobs/${posting.id}`);
    // Published: the expiry is the paid period's end and cannot change here.
    expect(screen.queryByLabelText(/^Expiration date/)).not.toBeInTheDocument();

    await user.clear(field(/^Hourly rate/));
    await enter(user, /^Hourly rate/, '199.6');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentPath(router)).toBe(`/jobs/${posting.id}`));
    const body = server.callsTo(`PUT /job-postings/${posting.id}`)[0].json<Record<string, unknown>>();
    expect(body).toMatchObject({ title: 'Ortho CRNA', hourly_rate: 200, start_date: localDateFromToday(-3), auto_expire_date: null });
  });
});
