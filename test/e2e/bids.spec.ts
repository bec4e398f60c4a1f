import { expect, test } from '@playwright/test';

import { applicantRegistration, facilityRegistration } from '../support/accounts';
import { jobForm } from '../support/postings';
import { ADMIN, bearer, logInThroughTheUi, login, ok, signUp } from './support/setup';

/**
 * Live negotiation in two browsers side by side: a facility and an applicant on the same
 * posting, bid -> counter -> accept, each seeing the other's move without reloading.
 * Accounts, verification, credit and posting are set up through the API.
 */

test.describe('bids, live', () => {
  test('bid -> counter -> accept between a facility and an applicant, each live on the other side', async ({ browser, request }) => {
    test.slow();

    // --- Set-up through the API ---------------------------------------------------------------
    const admin = await login(request, ADMIN.email, ADMIN.password);
    const facility = await signUp(request, facilityRegistration());
    const applicant = await signUp(request, applicantRegistration({}, { first_name: 'Sam', last_name: 'Rivera' }));
    await ok(
      await request.put(`/api/admin/facilities/${facility.me.facility!.id}/verify?verification_status=verified`, {
        headers: bearer(admin),
      }),
      'verify facility',
    );
    await ok(
      await request.put(`/api/admin/applicants/${applicant.me.applicant!.id}/verify?verification_status=verified`, {
        headers: bearer(admin),
      }),
      'verify applicant',
    );
    await ok(await request.post(`/api/admin/facilities/${facility.me.facility!.id}/add-credit`, { headers: bearer(admin) }), 'add credit');
    const posting = await ok<{ id: string }>(
      await request.post('/api/job-postings', { headers: bearer(facility.token), data: jobForm({ hourly_rate: 185 }) }),
      'create posting',
    );
    const published = await ok<{ requires_payment?: boolean }>(
      await request.post(`/api/job-postings/${posting.id}/publish`, { headers: bearer(facility.token) }),
      'publish',
    );
    expect(published.requires_payment).toBeFalsy();

    // --- Two browsers, side by side ------------------------------------------------------------
    const facilityPage = await logInThroughTheUi(browser, facility.email);
    const applicantPage = await logInThroughTheUi(browser, applicant.email);
    await facilityPage.goto(`/jobs/${posting.id}`);
    await applicantPage.goto(`/jobs/${posting.id}`);

    const applicants = facilityPage.getByRole('region', { name: 'Applicants' });
    await expect(applicants.getByText('No applications yet.')).toBeVisible();

    // The applicant bids $220 (the form starts at the posted rate).
    const apply = applicantPage.getByRole('region', { name: 'Apply for this job' });
    const rate = apply.getByRole('textbox', { name: /your hourly rate/i });
    await expect(rate).toHaveValue('185');
    await rate.fill('220');
    await expect(apply.getByText('19% more than the posted rate.')).toBeVisible();
    await apply.getByRole('button', { name: 'Submit bid' }).click();
    const yourBid = applicantPage.getByRole('region', { name: 'Your bid' });
    await expect(yourBid.getByText('Bid submitted')).toBeVisible();
    const submittedAt = Date.now();

    // The facility sees it arrive, without reloading, with a toast.
    const samRow = applicants.getByRole('article', { name: 'Sam Rivera' });
    await expect(samRow).toBeVisible();
    test.info().annotations.push({ type: 'new bid seen by the facility after', description: `${Date.now() - submittedAt} ms` });
    await expect(facilityPage.getByText('New bid from Sam Rivera')).toBeVisible();
    await expect(samRow.getByRole('button', { name: 'Accept $220/hr' })).toBeVisible();
    await expect(samRow.getByText('Awaiting your response')).toBeVisible();

    // The facility counters $200.
    await samRow.getByRole('button', { name: 'Counter' }).click();
    const dialog = facilityPage.getByRole('dialog', { name: "Counter Sam Rivera's bid" });
    const counter = dialog.getByRole('textbox', { name: /counter rate/i });
    await counter.fill('200');
    await expect(dialog.getByText('8% more than the posted rate ($185/hr).')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send counter' }).click();
    await expect(dialog).toBeHidden();
    await expect(samRow.getByText('You countered')).toBeVisible();

    // The applicant sees the counter arrive, without reloading, with a toast; and accepts it.
    await expect(yourBid.getByText('Your response needed', { exact: true })).toBeVisible();
    await expect(applicantPage.getByText('Counter offer received: your response needed')).toBeVisible();
    await expect(yourBid.getByText('8% more than the posted rate', { exact: true })).toBeVisible();
    await yourBid.getByRole('button', { name: 'Accept counter' }).click();
    // Accepting emails both parties, so it asks first with the rate.
    const confirm = applicantPage.getByRole('dialog', { name: 'Accept the counter offer?' });
    await expect(confirm).toContainText('at $200/hr');
    await confirm.getByRole('button', { name: 'Accept $200/hr' }).click();
    await expect(yourBid.getByText('Connection made', { exact: true })).toBeVisible();
    await expect(yourBid.getByText('Agreed rate')).toBeVisible();

    // The facility sees the connection, without reloading.
    await expect(samRow.getByText('Connection made', { exact: true })).toBeVisible();
    await expect(facilityPage.getByText(/Sam Rivera accepted your counter offer of \$200\/hr/)).toBeVisible();
    await expect(samRow.getByRole('button', { name: /accept|counter|reject/i })).toHaveCount(0);

    // Both can read the negotiation.
    await samRow.getByRole('button', { name: 'History' }).click();
    const history = samRow.getByRole('list', { name: 'Negotiation history' });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem').nth(0)).toContainText('Sam Rivera placed a bid of $220/hr.');
    await expect(history.getByRole('listitem').nth(1)).toContainText('You countered the bid with $200/hr.');
    await expect(history.getByRole('listitem').nth(2)).toContainText('Sam Rivera accepted the counter offer of $200/hr. Connection made.');
    await expect(samRow.getByRole('img', { name: /Rate over time/ })).toBeVisible();

    // The applicant's dashboard files it under 'connected'.
    await applicantPage.goto('/dashboard');
    await applicantPage.getByRole('tab', { name: 'Your Applications' }).click();
    await applicantPage.getByText(/Connected \(1\)/).click();
    const card = applicantPage.getByRole('article', { name: 'CRNA for a busy ambulatory surgery center' });
    await expect(card.getByText('Connection made', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'CRNA for a busy ambulatory surgery center' })).toHaveAttribute(
      'href',
      `/jobs/${posting.id}`,
    );

    await facilityPage.context().close();
    await applicantPage.context().close();
  });
});
