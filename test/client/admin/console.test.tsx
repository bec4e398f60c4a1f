import { screen, within } from '@testing-library/react';

import { json, mockApi } from '../support/api-mock';
import { signInAs, systemAdmin } from '../support/fixtures';
import { renderApp } from '../support/render';
import { onAPhone } from '../support/phone';

import { applicants, facility, queuedApplicant, queuedFacility, reviewQueue } from './fixtures';

function server(options: { facilities?: unknown[]; applicants?: unknown[]; queue?: unknown } = {}) {
  return mockApi({
    'GET /users/me': json(200, systemAdmin),
    'GET /admin/review-queue': json(200, options.queue ?? reviewQueue()),
    'GET /admin/facilities': json(200, options.facilities ?? [facility()]),
    'GET /admin/applicants': json(200, options.applicants ?? applicants(3)),
  });
}

async function openConsole() {
  signInAs(systemAdmin);
  const view = renderApp('/admin');
  await screen.findByRole('heading', { name: 'Admin Dashboard' });
  return view;
}

/** The visible tab's panel (the other tab stays mounted, hidden). */
const panel = () => within(screen.getByRole('tabpanel'));

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pages of applicants' }))
    .queryAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

describe('admin console tabs', () => {
  test('opens on the review queue by default and remembers the chosen tab under admin-dashboard', async () => {
    server();
    const { user } = await openConsole();
    expect(screen.getByRole('tab', { name: /Review queue/ })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: /Facilities/ }));
    expect(localStorage.getItem('admin-dashboard')).toBe('facilities');
    expect(await screen.findByRole('link', { name: 'Bayview Surgery Center' })).toHaveAttribute(
      'href',
      `/admin/facilities/${facility().id}`,
    );

    await user.click(screen.getByRole('tab', { name: /Applicants/ }));
    expect(localStorage.getItem('admin-dashboard')).toBe('applicants');
    expect(await screen.findByRole('link', { name: 'Applicant 01' })).toBeVisible();
  });

  test('a remembered applicants tab opens first; anything else falls back to the review queue', async () => {
    server();
    localStorage.setItem('admin-dashboard', 'applicants');
    await openConsole();
    expect(screen.getByRole('tab', { name: /Applicants/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('an unknown stored value opens the review queue', async () => {
    server();
    localStorage.setItem('admin-dashboard', 'postings');
    await openConsole();
    expect(screen.getByRole('tab', { name: /Review queue/ })).toHaveAttribute('aria-selected', 'true');
  });

  test("the tabs count what waits for review from the queue's whole counts", async () => {
    // The counts, not the capped lists: 130 applicants wait though the queue answers 100.
    server({ queue: reviewQueue({ facilities: [queuedFacility()], counts: { facilities: 1, applicants: 130 } }) });
    await openConsole();
    expect(await screen.findByRole('tab', { name: 'Review queue (131)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Facilities\s*1 pending/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Applicants\s*130 pending/ })).toBeInTheDocument();
  });
});

describe('review queue', () => {
  const queue = reviewQueue({
    facilities: [
      queuedFacility({ id: 'f-old', name: 'Harbor Surgery Center', in_review_since: '2026-11-02T09:00:00.000Z' }),
      queuedFacility({ id: 'f-new', name: 'Mesa Clinic', facility_type: 'Hospital', email_verified: false }),
    ],
    applicants: [
      queuedApplicant({ id: 'a-old', name: 'Ava Stone', role_type: 'Anesthesiologist' }),
      queuedApplicant({
        id: 'a-changed',
        name: 'Cole Changed',
        created_at: '2025-01-10T09:00:00.000Z',
        reason: 'identity_change',
        detail: 'Changed license number; back in review',
        in_review_since: '2026-11-21T09:00:00.000Z',
      }),
    ],
  });

  const section = (name: string) => within(screen.getByRole('region', { name }));
  const names = (name: string) =>
    section(name)
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('link')[0].textContent);

  test('lists facilities and applicants in the order the server gives (oldest first), with counts, type, email and why', async () => {
    server({ queue });
    await openConsole();
    expect(await screen.findByRole('tab', { name: 'Review queue (4)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Facilities (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Applicants (2)' })).toBeInTheDocument();
    expect(names('Facilities awaiting review')).toEqual(['Harbor Surgery Center', 'Mesa Clinic']);
    expect(names('Applicants awaiting review')).toEqual(['Ava Stone', 'Cole Changed']);

    const [harbor, mesa] = section('Facilities awaiting review').getAllByRole('listitem');
    expect(within(harbor).getByRole('link', { name: 'Harbor Surgery Center' })).toHaveAttribute('href', '/admin/facilities/f-old');
    expect(harbor).toHaveTextContent('Ambulatory Surgery Center');
    expect(harbor).toHaveTextContent('dana@bayview.example');
    expect(within(harbor).getByText('Email confirmed')).toBeInTheDocument();
    expect(within(harbor).getByText('New registration')).toBeInTheDocument();
    expect(harbor).toHaveTextContent('Submitted Nov 2, 2026');
    expect(within(mesa).getByText('Email not confirmed')).toBeInTheDocument();

    const [, changed] = section('Applicants awaiting review').getAllByRole('listitem');
    expect(within(changed).getByRole('link', { name: 'Cole Changed' })).toHaveAttribute('href', '/admin/applicants/a-changed');
    expect(within(changed).getByText('Identity change')).toBeInTheDocument();
    expect(changed).toHaveTextContent('Changed license number; back in review');
    expect(changed).toHaveTextContent('Changed Nov 21, 2026');
  });

  test('says when only the oldest are shown', async () => {
    server({ queue: { ...queue, counts: { facilities: 2, applicants: 140 } } });
    await openConsole();
    expect(await screen.findByText('The oldest 2 of 140')).toBeInTheDocument();
  });

  test('with nothing to review it says where new registrations appear', async () => {
    server();
    await openConsole();
    expect(await screen.findByText('Nothing to review. New registrations appear here.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Review queue (0)' })).toBeInTheDocument();
  });
});

describe('applicants list', () => {
  beforeEach(() => localStorage.setItem('admin-dashboard', 'applicants'));

  test('columns: name link with email and its mark, role, license, NPI, LinkedIn, status badges', async () => {
    server({
      applicants: [
        ...applicants(1),
        ...applicants(1, () => ({
          id: 'no-mail',
          first_name: 'Jo',
          last_name: 'Park',
          linkedin_profile: null,
          verification_status: 'verified',
          is_active: false,
          user: { email: null, email_verified: null, first_name: null, last_name: null },
        })),
      ],
    });
    await openConsole();
    const table = await screen.findByRole('table', { name: 'Applicants' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Role', 'License', 'NPI', 'LinkedIn', 'Status']);
    expect(within(first).getByRole('link', { name: 'Applicant 01' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/applicants\//),
    );
    expect(within(first).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Email confirmed')).toBeInTheDocument();
    expect(within(first).getByText('CRNA')).toBeInTheDocument();
    expect(within(first).getByText('RN123456')).toBeInTheDocument();
    expect(within(first).getByText('1234567893')).toBeInTheDocument();
    const linkedIn = within(first).getByRole('link', { name: /View Profile/ });
    expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/in/samrivera');
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(within(first).getByText('Pending review')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();

    expect(within(second).getByText('No email')).toBeInTheDocument();
    expect(within(second).getByText('Verified')).toBeInTheDocument();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
  });

  test('pages of 20 by default: showing X-Y of N, at most 5 page numbers, first/previous/next/last', async () => {
    server({ applicants: applicants(157) });
    const { user } = await openConsole();
    expect(await screen.findByText('Showing 1-20 of 157 applicants')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Applicant \d+$/ })).toHaveLength(20);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(screen.getByText('Showing 81-100 of 157 applicants')).toBeInTheDocument();
    expect(pageButtons()).toEqual(['3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('Showing 141-157 of 157 applicants')).toBeInTheDocument();
    expect(pageButtons()).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Showing 121-140 of 157 applicants')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByText('Showing 1-20 of 157 applicants')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 21-40 of 157 applicants')).toBeInTheDocument();

    await user.selectOptions(panel().getByLabelText('Per page'), '50');
    expect(screen.getByText('Showing 1-50 of 157 applicants')).toBeInTheDocument();
    expect(pageButtons()).toEqual(['1', '2', '3', '4']);
    expect(Array.from((panel().getByLabelText('Per page') as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      '10',
      '20',
      '50',
      '100',
    ]);
  });

  test('no page numbers when everything fits on one page', async () => {
    server({ applicants: applicants(7) });
    await openConsole();
    expect(await screen.findByText('Showing 1-7 of 7 applicants')).toBeInTheDocument();
    expect(pageButtons()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('the filter panel: collapsed summary, modify/hide, apply filters, clear all, empty message', async () => {
    server({
      applicants: applicants(25, (i) => ({
        verification_status: i < 5 ? 'verified' : 'pending',
        city: i === 0 ? 'Austin' : 'San Diego',
        state: i === 0 ? 'TX' : 'CA',
      })),
    });
    const { user } = await openConsole();
    await screen.findByText('Showing 1-20 of 25 applicants');
    const summary = screen.getByRole('group', { name: 'Current search' });
    expect(summary).toHaveTextContent('Verification: All');
    expect(summary).toHaveTextContent('Name: Any');
    expect(summary).toHaveTextContent('Location: Any');
    expect(summary).toHaveTextContent('License state: Any');
    expect(summary).toHaveTextContent('Active: All');

    const toggle = screen.getByRole('button', { name: 'Modify filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');

    // Typing alone does not filter; Apply filters does.
    await user.type(screen.getByLabelText('Location'), 'austin');
    expect(screen.getByText('Showing 1-20 of 25 applicants')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Showing 1-1 of 1 applicants')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Location: austin');

    await user.clear(screen.getByLabelText('Location'));
    await user.click(panel().getByRole('combobox', { name: 'Active status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Showing 1-5 of 5 applicants')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Applicant name'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('No applicants found for the selected filter.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByText('Showing 1-20 of 25 applicants')).toBeInTheDocument();
    expect(screen.getByLabelText('Applicant name')).toHaveValue('');
    expect(summary).toHaveTextContent('Active: All');

    await user.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.getByRole('button', { name: 'Modify filters' })).toBeInTheDocument();
  });

  test('a failed load shows the server detail in a toast and the list', async () => {
    mockApi({
      'GET /users/me': json(200, systemAdmin),
      'GET /admin/review-queue': json(200, reviewQueue()),
      'GET /admin/facilities': json(200, []),
      'GET /admin/applicants': json(500, {}),
    });
    await openConsole();
    expect((await screen.findAllByText('Failed to load applicants')).length).toBeGreaterThan(0);
  });
});

describe('facilities list', () => {
  beforeEach(() => localStorage.setItem('admin-dashboard', 'facilities'));

  test('filters by name or city, verification status and active flag; pages like the applicants', async () => {
    const list = [
      ...Array.from({ length: 23 }, (_, i) =>
        facility({ id: `f-${i}`, name: `Clinic ${String(i + 1).padStart(2, '0')}`, city: 'San Diego', verification_status: 'verified' }),
      ),
      facility({ id: 'f-reno', name: 'Lakeside', city: 'Reno', is_active: false, verification_status: 'verified' }),
      facility({ id: 'f-pending', name: 'Hillcrest', city: 'Austin' }),
    ];
    server({ facilities: list });
    const { user } = await openConsole();
    expect(await screen.findByText('Showing 1-20 of 25 facilities')).toBeInTheDocument();

    await user.type(panel().getByLabelText('Search facilities'), 'reno');
    expect(screen.getByText('Showing 1-1 of 1 facilities')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lakeside' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(panel().getByRole('combobox', { name: 'Verification status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    expect(screen.getByText('Showing 1-1 of 1 facilities')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hillcrest' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(panel().getByRole('combobox', { name: 'Active status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    expect(screen.getByRole('link', { name: 'Lakeside' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1-1 of 1 facilities')).toBeInTheDocument();
  });
});

describe('on a phone (below the sm breakpoint)', () => {
  onAPhone();

  test('the lists show each record as a card with every fact, not a table cut off at the side', async () => {
    localStorage.setItem('admin-dashboard', 'applicants');
    server({ applicants: applicants(2) });
    const { user } = await openConsole();
    const cards = await screen.findByRole('list', { name: 'Applicants' });
    expect(screen.queryByRole('table', { name: 'Applicants' })).not.toBeInTheDocument();
    const [first] = within(cards).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Applicant 01' })).toBeInTheDocument();
    expect(first).toHaveTextContent('sam@example.com');
    expect(within(first).getByText('Email confirmed')).toBeInTheDocument();
    expect(within(first).getByText('Pending review')).toBeInTheDocument();
    expect(first).toHaveTextContent('Role: CRNA');
    expect(first).toHaveTextContent('License: RN123456 · CA');
    expect(first).toHaveTextContent('NPI: 1234567893');

    await user.click(screen.getByRole('tab', { name: /Facilities/ }));
    const facilityCards = await screen.findByRole('list', { name: 'Facilities' });
    expect(within(facilityCards).getByRole('link', { name: 'Bayview Surgery Center' })).toBeInTheDocument();
    expect(facilityCards).toHaveTextContent('Location: San Diego, CA');
  });
});
