import { expect, test, type Page } from '@playwright/test';

import { applicantRegistration, facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';
import { ADMIN, bearer, bid, livePosting, logInThroughTheUi, login, ok, signUp, verify } from './support/setup';

/**
 * A bid's move changes only its posting's counts and the bid. An admin with the posting open sees
 * both move without reloading; the applicant's page of the same posting, which has no counts, is
 * not told and fetches nothing.
 */

/**
 * Resolves once the page's socket has sent 'posting.watch' (the client asks for no
 * acknowledgement), and a moment more for the server to join the room: a message on one socket
 * is handled in order, well before a command sent afterwards over HTTP has pushed anything.
 */
function watchSent(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes('"posting.watch"')) setTimeout(resolve, 250);
      });
    });
  });
}

test('an admin watching a posting sees its counts and applicants move live; the applicant on it fetches nothing', async ({
  browser,
  request,
}) => {
  test.slow();
  const admin = await login(request, ADMIN.email, ADMIN.password);
  const facility = await signUp(request, facilityRegistration());
  const applicant = await signUp(request, applicantRegistration({}, { first_name: 'Ada', last_name: 'Okafor' }));
  await verify(request, admin, facility);
  await verify(request, admin, applicant);
  const postingId = await livePosting(request, admin, facility, jobForm({ hourly_rate: 185 }));
  const bidId = await bid(request, applicant, postingId, 210);

  const adminPage = await logInThroughTheUi(browser, ADMIN.email, ADMIN.password);
  const applicantPage = await logInThroughTheUi(browser, applicant.email);
  const watched = [watchSent(adminPage), watchSent(applicantPage)];
  await adminPage.goto(`/jobs/${postingId}`);
  await applicantPage.goto(`/jobs/${postingId}`);
  await Promise.all(watched);

  const status = adminPage.getByRole('region', { name: 'Posting status' });
  await expect(status.getByText('1 awaiting the facility')).toBeVisible();
  const row = adminPage.getByRole('article', { name: 'Ada Okafor' });
  await expect(row.getByText('Bid submitted')).toBeVisible();
  const bidsFetches: string[] = [];
  adminPage.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/job-bids/job/${postingId}/bids`) bidsFetches.push(sent.url());
  });
  const postingFetches: string[] = [];
  applicantPage.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/job-postings/${postingId}`) postingFetches.push(sent.url());
  });

  // The facility counters: nothing awaits it any more.
  await ok(await request.put(`/api/job-bids/${bidId}/counter?counter_rate=195`, { headers: bearer(facility.token) }), 'counter');
  await expect(status.getByText('1 awaiting the facility')).toBeHidden();
  await expect(status.getByText('1 bid', { exact: true })).toBeVisible();
  await expect(row.getByText('Facility countered')).toBeVisible();
  await expect(row.getByText('$195/hr')).toBeVisible();

  // The applicant counters back: it awaits the facility again.
  await ok(
    await request.put(`/api/job-bids/${bidId}/counter-by-applicant?counter_rate=205`, { headers: bearer(applicant.token) }),
    'counter back',
  );
  await expect(status.getByText('1 awaiting the facility')).toBeVisible();
  await expect(row.getByText('Applicant countered')).toBeVisible();
  await expect(row.getByText('$205/hr')).toBeVisible();
  // The rows came with the pushes: the admin's page did not fetch the list again.
  expect(bidsFetches).toEqual([]);

  // Two moves later the applicant's page has asked for nothing: no push told it to.
  await applicantPage.waitForTimeout(500);
  expect(postingFetches).toEqual([]);

  await adminPage.context().close();
  await applicantPage.context().close();
});
