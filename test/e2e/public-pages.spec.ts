import { expect, test } from '@playwright/test';

test.describe('public pages', () => {
  test('home explains the product and leads to sign-up and browsing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/recruiters are not allowed/i).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /terms/i }).first()).toHaveAttribute('href', '/terms');
    await expect(page.getByText('ve2e')).toHaveCount(0); // not a production build
  });

  test('the legal pages carry their dates and facts', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByText('September 11, 2025').first()).toBeVisible();
    await expect(page.getByText(/18/).first()).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByText('September 11, 2025').first()).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  });

  test('an unknown page shows a helpful not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: /couldn.t find that page/i })).toBeVisible();
  });

  test('a signed-out visit to a guarded page lands on the login page', async ({ page }) => {
    await page.goto('/user-profile');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel(/email/i)).toBeVisible();
  });

  test('the health endpoint answers ok', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.ok()).toBeTruthy();
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
