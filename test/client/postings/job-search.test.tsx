import { act, screen, waitFor, within } from '@testing-library/react';

import { EMPTY_SEARCH_FILTERS, SEARCH_TOTAL_CAP } from '@domain/postings';

import { APPLICANT_TAB_STORAGE_KEY } from '@/app/routes/dashboard/applicant-dashboard';
import { rendersAsServer } from '@/app/routes/jobs/browse';
import { pageWindow } from '@/features/postings/lib/pagination';
import { hasVisitorFilters, VISITOR_FILTERS_KEY } from '@/features/postings/lib/search-filters';

import { json, mockApi, type ApiCall, type MockHandler } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { applicant, signInAs } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';

import { PROCEDURE_TYPES, publicPosting } from './fixtures';

/** A server holding `total` live postings, answering pages of them as asked, up to its cap on matches. */
function searchServer(total: number, extra: Record<string, MockHandler> = {}) {
  const all = Array.from({ length: total }, (_, index) => publicPosting({ title: `Job ${index + 1}` }));
  const reachable = Math.min(total, SEARCH_TOTAL_CAP);
  return mockApi({
    'GET /users/me': json(200, applicant),
    'GET /job-postings/procedure-types': json(200, PROCEDURE_TYPES),
    'GET /job-postings': (call: ApiCall) => {
      const limit = Number(call.query.get('limit'));
      const offset = Number(call.query.get('offset'));
      const job_postings = all.slice(offset, Math.min(offset + limit, reachable));
      return json(200, { job_postings, total: reachable, total_capped: total > SEARCH_TOTAL_CAP });
    },
    ...extra,
  });
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .queryAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

const resultTitles = () =>
  within(screen.getByRole('table', { name: 'Job search results' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('pageWindow', () => {
  test('at most five consecutive pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('job search on /browse (visitors)', () => {
  test('pages of 20 by default, at most five page buttons, first/prev/next/last', async () => {
    const server = searchServer(250);
    const { user, router } = renderApp('/browse');

    await screen.findByRole('table', { name: 'Job search results' });
    expect(resultTitles()).toHaveLength(20);
    expect(resultTitles()[0]).toBe('Job 1');
    expect(screen.getByText('Showing 1–20 of 250 jobs')).toBeInTheDocument();
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(resultTitles()[0]).toBe('Job 81'));
    expect(pageButtons()).toEqual(['3', '4', '5', '6', '7']);
    expect(currentPath(router)).toBe('/browse?page=5');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(resultTitles()[0]).toBe('Job 241'));
    expect(pageButtons()).toEqual(['9', '10', '11', '12', '13']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByText('Showing 241–250 of 250 jobs')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(resultTitles()[0]).toBe('Job 221'));

    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(resultTitles()[0]).toBe('Job 1'));

    const offsets = server.callsTo('GET /job-postings').map((call) => call.query.get('offset'));
    expect(offsets).toEqual(['0', '80', '240', '220']); // page 1 came from the cache
    const [first] = server.callsTo('GET /job-postings');
    expect([first.query.get('limit'), first.query.get('sort')]).toEqual(['20', 'newest']);
  });

  test('more matches than the server counts: "1,000+ jobs", and the pages reach the cap', async () => {
    const server = searchServer(SEARCH_TOTAL_CAP + 500);
    const { user } = renderApp('/browse');

    await screen.findByRole('table', { name: 'Job search results' });
    expect(screen.getByText('1,000+ jobs found')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–20 of 1,000+ jobs')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(resultTitles()[0]).toBe('Job 981'));
    expect(pageButtons()).toEqual(['46', '47', '48', '49', '50']);
    expect(screen.getByText('Showing 981–1000 of 1,000+ jobs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(server.callsTo('GET /job-postings').at(-1)!.query.get('offset')).toBe('980');
  });

  test('page sizes 10/20/50/100; a new size starts again at page 1', async () => {
    const server = searchServer(120);
    const { user } = renderApp('/browse?page=3');
    await screen.findByRole('table', { name: 'Job search results' });
    const sizes = within(screen.getByLabelText('Per page'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(sizes).toEqual(['10', '20', '50', '100']);

    await user.selectOptions(screen.getByLabelText('Per page'), '50');
    await waitFor(() => expect(resultTitles()).toHaveLength(50));
    expect(pageButtons()).toEqual(['1', '2', '3']);
    const last = server.callsTo('GET /job-postings').at(-1)!;
    expect([last.query.get('limit'), last.query.get('offset')]).toEqual(['50', '0']);
  });

  test('sorting happens on the server, from the column headers or the sort menu', async () => {
    const server = searchServer(30);
    const { user } = renderApp('/browse');
    await screen.findByRole('table', { name: 'Job search results' });
    const lastSort = () => server.callsTo('GET /job-postings').at(-1)!.query.get('sort');

    const rateHeader = screen.getByRole('columnheader', { name: /Rate/ });
    expect(rateHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(rateHeader).getByRole('button'));
    await waitFor(() => expect(lastSort()).toBe('rate_desc'));
    expect(screen.getByRole('columnheader', { name: /Rate/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(screen.getByRole('columnheader', { name: /Rate/ })).getByRole('button'));
    await waitFor(() => expect(lastSort()).toBe('rate_asc'));

    await user.click(within(screen.getByRole('columnheader', { name: /Dates/ })).getByRole('button'));
    await waitFor(() => expect(lastSort()).toBe('start_date'));

    await user.click(within(screen.getByRole('columnheader', { name: /Contract value/ })).getByRole('button'));
    await waitFor(() => expect(lastSort()).toBe('contract_value_desc'));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Highest rate');
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Rate/ })).toHaveAttribute('aria-sort', 'descending'));
    expect(screen.getByRole('columnheader', { name: /Contract value/ })).toHaveAttribute('aria-sort', 'none');
  });

  test('rows show the facility, rate, dates with weeks and contract value, and link to the job', async () => {
    const posting = publicPosting({ title: 'Spine CRNA', total_contract_value: 37000 });
    mockApi({
      'GET /job-postings/procedure-types': json(200, PROCEDURE_TYPES),
      'GET /job-postings': json(200, { job_postings: [posting], total: 1, total_capped: false }),
    });
    renderApp('/browse');
    const table = await screen.findByRole('table', { name: 'Job search results' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByRole('link', { name: 'Spine CRNA' })).toHaveAttribute('href', `/jobs/${posting.id}`);
    expect(within(row).getByText('Bayview Surgery Center')).toBeInTheDocument();
    expect(within(row).getByText('San Diego, CA · Ambulatory Surgery Center')).toBeInTheDocument();
    expect(within(row).getByText('$185/hr')).toBeInTheDocument();
    expect(within(row).getByText('Mar 4, 2030 – Mar 29, 2030')).toBeInTheDocument();
    expect(within(row).getByText('4 weeks')).toBeInTheDocument();
    expect(within(row).getByText('$37,000')).toBeInTheDocument();
    // One page: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  test('filters from the modify-search panel go to the server and show in the summary', async () => {
    const server = searchServer(3);
    const { user } = renderApp('/browse');
    await screen.findByRole('table', { name: 'Job search results' });
    expect(screen.getByText('All active jobs · no filters applied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Modify search' }));
    await user.type(await screen.findByLabelText(/^Location/), 'San Diego');
    await user.click(screen.getByRole('combobox', { name: /^License state/ }));
    await user.click(await screen.findByRole('option', { name: 'California (CA)' }));
    await user.click(screen.getByRole('combobox', { name: /^Procedure types/ }));
    await user.click(await screen.findByRole('option', { name: 'Spine' }));
    await user.click(screen.getByRole('checkbox', { name: /Malpractice insurance provided/ }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(server.callsTo('GET /job-postings').at(-1)!.query.get('location')).toBe('San Diego'));
    const query = server.callsTo('GET /job-postings').at(-1)!.query;
    expect(query.get('license')).toBe('CA');
    expect(query.get('procedure_types')).toBe('3');
    expect(query.get('malpractice')).toBe('provided');
    expect(query.get('offset')).toBe('0');

    const summary = screen.getByRole('list', { name: 'Current filters' });
    expect(within(summary).getByText('Near “San Diego”')).toBeInTheDocument();
    expect(within(summary).getByText('California license')).toBeInTheDocument();
    expect(within(summary).getByText('Spine')).toBeInTheDocument();
    expect(within(summary).getByText('Malpractice provided')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove filter: California license' }));
    await waitFor(() => expect(server.callsTo('GET /job-postings').at(-1)!.query.get('license')).toBeNull());
    // Visitors' filters are not saved on the server.
    expect(server.callsTo('PUT /applicants/search-filters')).toHaveLength(0);
  });

  test('procedure types are fetched only when something names them: the filter form, or a filter of them', async () => {
    const server = searchServer(3);
    const first = renderApp('/browse');
    await screen.findByRole('table', { name: 'Job search results' });
    expect(server.callsTo('GET /job-postings/procedure-types')).toHaveLength(0);

    await first.user.click(screen.getByRole('button', { name: 'Modify search' }));
    await first.user.click(await screen.findByRole('combobox', { name: /^Procedure types/ }));
    expect(await screen.findByRole('option', { name: 'Spine' })).toBeInTheDocument();
    expect(server.callsTo('GET /job-postings/procedure-types')).toHaveLength(1);
    first.unmount();

    sessionStorage.setItem(VISITOR_FILTERS_KEY, JSON.stringify({ ...EMPTY_SEARCH_FILTERS, procedureTypes: [3] }));
    renderApp('/browse');
    const summary = await screen.findByRole('list', { name: 'Current filters' });
    expect(await within(summary).findByText('Spine')).toBeInTheDocument();
  });

  test("a visitor's filters stay in this browser while they narrow the search, and the server's page is then not theirs", async () => {
    const server = searchServer(3);
    const { user } = renderApp('/browse');
    await screen.findByRole('table', { name: 'Job search results' });
    expect(rendersAsServer()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Modify search' }));
    await user.click(await screen.findByRole('checkbox', { name: /Malpractice insurance provided/ }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(server.callsTo('GET /job-postings').at(-1)!.query.get('malpractice')).toBe('provided'));
    expect(hasVisitorFilters()).toBe(true);
    expect(rendersAsServer()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove filter: Malpractice provided' }));
    expect(await screen.findByText('All active jobs · no filters applied')).toBeInTheDocument();
    expect(hasVisitorFilters()).toBe(false);
    expect(rendersAsServer()).toBe(true);
  });

  test('a visitor coming back in the same browser session finds their filters applied', async () => {
    const server = searchServer(3);
    const first = renderApp('/browse');
    await screen.findByRole('table', { name: 'Job search results' });
    await first.user.click(screen.getByRole('button', { name: 'Modify search' }));
    await first.user.click(await screen.findByRole('checkbox', { name: /Malpractice insurance provided/ }));
    await first.user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(server.callsTo('GET /job-postings').at(-1)!.query.get('malpractice')).toBe('provided'));
    first.unmount();

    renderApp('/browse');
    const summary = await screen.findByRole('list', { name: 'Current filters' });
    expect(within(summary).getByText('Malpractice provided')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /job-postings').at(-1)!.query.get('malpractice')).toBe('provided'));
  });

  test('filters stored in this browser that the schema refuses are dropped: the visitor gets the whole search', async () => {
    const server = searchServer(3);
    sessionStorage.setItem(VISITOR_FILTERS_KEY, JSON.stringify({ onCall: 'sometimes', license: 'ZZ' }));
    renderApp('/browse');
    expect(await screen.findByText('All active jobs · no filters applied')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /job-postings')).toHaveLength(1));
    const query = server.callsTo('GET /job-postings')[0].query;
    expect([query.get('on_call'), query.get('license')]).toEqual([null, null]);
  });

  test('no results, and a failed load', async () => {
    let reply = json(200, { job_postings: [], total: 0, total_capped: false });
    mockApi({ 'GET /job-postings/procedure-types': json(200, PROCEDURE_TYPES), 'GET /job-postings': () => reply });
    const { unmount } = renderApp('/browse');
    expect(await screen.findByText('No jobs found matching your criteria.')).toBeInTheDocument();
    unmount();

    reply = json(500, { detail: 'Database unavailable' });
    renderApp('/browse');
    expect(await screen.findByText('Failed to load job listings')).toBeInTheDocument();
  });
});

describe('job search for signed-in applicants', () => {
  test('loads the saved filters on mount and saves them on apply', async () => {
    signInAs(applicant);
    const server = searchServer(5, {
      'GET /applicants/search-filters': json(200, { ...EMPTY_SEARCH_FILTERS, license: 'TX', onCall: 'no_call' }),
      'PUT /applicants/search-filters': (call) => json(200, call.json()),
    });
    const { user } = renderApp('/jobs');
    expect(await screen.findByRole('heading', { name: 'Job Search' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Job search results' });

    // The first search already uses the saved filters.
    const [first] = server.callsTo('GET /job-postings');
    expect(first.query.get('license')).toBe('TX');
    expect(first.query.get('on_call')).toBe('no_call');
    expect(screen.getByText('Texas license')).toBeInTheDocument();
    expect(screen.getByText('No call')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Modify search' }));
    await user.click(await screen.findByRole('combobox', { name: /^Supervision/ }));
    await user.click(await screen.findByRole('option', { name: 'Independent' }));
    await user.click(screen.getByRole('button', { name: 'Apply and save' }));

    await waitFor(() => expect(server.callsTo('PUT /applicants/search-filters')).toHaveLength(1));
    expect(server.callsTo('PUT /applicants/search-filters')[0].json()).toEqual({
      location: '',
      license: 'TX',
      procedureTypes: [],
      onCall: 'no_call',
      supervision: 'independent',
      malpracticeInsurance: 'any',
    });
    expect(await screen.findByText('Search filters saved')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /job-postings').at(-1)!.query.get('supervision')).toBe('independent'));
  });
});

describe('search results mark the applicant’s own bids', () => {
  const bidId = '5b1d2c3e-0000-4000-8000-000000000001';
  const countered = { ...publicPosting({ title: 'Countered job' }), my_bid: { id: bidId, current_state: 'facility_countered' } };
  const open = { ...publicPosting({ title: 'Open job' }), my_bid: null };
  const row = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;

  test('the bid’s state on its row, in the bid cards’ words, and "View your bid" instead of "Apply"', async () => {
    signInAs(applicant);
    mockApi({
      'GET /users/me': json(200, applicant),
      'GET /job-postings/procedure-types': json(200, PROCEDURE_TYPES),
      'GET /applicants/search-filters': json(200, EMPTY_SEARCH_FILTERS),
      'GET /job-postings': json(200, { job_postings: [countered, open], total: 2, total_capped: false }),
    });
    renderApp('/jobs');
    await screen.findByRole('table', { name: 'Job search results' });

    expect(within(row('Countered job')).getByText('You bid · Facility countered')).toBeInTheDocument();
    const view = within(row('Countered job')).getByRole('link', { name: 'View your bid' });
    expect(view).toHaveAttribute('href', `/jobs/${countered.id}`);
    expect(view).toHaveAccessibleDescription('Countered job');
    expect(within(row('Countered job')).queryByRole('link', { name: /^Apply/ })).not.toBeInTheDocument();

    expect(within(row('Open job')).queryByText(/You bid/)).not.toBeInTheDocument();
    const apply = within(row('Open job')).getByRole('link', { name: 'Apply' });
    expect(apply).toHaveAttribute('href', `/jobs/${open.id}`);
    expect(apply).toHaveAccessibleDescription('Open job');
  });

  test('a change to the bid elsewhere shows on the row at once', async () => {
    signInAs(applicant);
    let page = [countered, open];
    const server = mockApi({
      'GET /users/me': json(200, applicant),
      'GET /job-postings/procedure-types': json(200, PROCEDURE_TYPES),
      'GET /applicants/search-filters': json(200, EMPTY_SEARCH_FILTERS),
      'GET /job-postings': () => json(200, { job_postings: page, total: 2, total_capped: false }),
    });
    renderApp('/jobs');
    await screen.findByText('You bid · Facility countered');

    page = [{ ...countered, my_bid: { id: bidId, current_state: 'applicant_counter_accepted' } }, open];
    act(() => fakeSockets[0].simulateEvent('bid.updated', { id: bidId, current_state: 'applicant_counter_accepted' }));

    expect(await screen.findByText('You bid · Connection made')).toBeInTheDocument();
    expect(server.callsTo('GET /job-postings')).toHaveLength(2);
  });

  test('visitors see no bids and no row actions', async () => {
    searchServer(3);
    renderApp('/browse');
    const table = await screen.findByRole('table', { name: 'Job search results' });
    expect(within(table).queryByText(/You bid/)).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /^(Apply|View your bid)/ })).not.toBeInTheDocument();
  });
});

describe('applicant dashboard tabs', () => {
  test('greets a newcomer in the first session with "Welcome", not "Welcome back"', async () => {
    const newcomer = { ...applicant, first_sign_in: true };
    signInAs(newcomer);
    searchServer(2, { 'GET /users/me': json(200, newcomer), 'GET /applicants/search-filters': json(200, EMPTY_SEARCH_FILTERS) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
  });

  test('Your Applications and Job Search; the chosen tab is remembered', async () => {
    signInAs(applicant);
    searchServer(2, { 'GET /applicants/search-filters': json(200, EMPTY_SEARCH_FILTERS) });
    const first = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Casey' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Your Applications' })).toHaveAttribute('aria-selected', 'true');

    await first.user.click(screen.getByRole('tab', { name: 'Job Search' }));
    expect(await screen.findByRole('table', { name: 'Job search results' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(APPLICANT_TAB_STORAGE_KEY)!)).toBe('search');
    first.unmount();

    renderApp('/dashboard');
    expect(await screen.findByRole('tab', { name: 'Job Search' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Job search results' })).toBeInTheDocument();
  });
});
