import { screen, within } from '@testing-library/react';

import { mockApi } from '../../support/api-mock';
import { renderApp } from '../../support/render';

async function openPage(path: string, title: string) {
  mockApi();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return { ...view, main: within(screen.getByRole('main')) };
}

/** The page's text with whitespace collapsed, for sentences that span elements. */
function mainText(): string {
  return (screen.getByRole('main').textContent ?? '').replace(/\s+/g, ' ');
}

describe('Terms of Use', () => {
  test('states every legal fact of the product', async () => {
    await openPage('/terms', 'Terms of Use');
    const text = mainText();

    expect(text).toContain('Last updated September 11, 2025');
    expect(text).toContain('at least 18 years old');
    expect(text).toContain('No refunds.');
    expect(text).toContain('All prices are in US dollars');
    expect(text).toContain('Posting credits have no cash value.');
    expect(text).toContain('Tenens is only a platform');
    expect(text).toContain('Tenens is not an employment agency');
    expect(text).toContain('Traditional recruiters are not allowed');
    expect(text).toContain(
      'the greater of the amounts you paid to Tenens in the 6 months before the event giving rise to the claim, or $2,500',
    );
    expect(text).toContain('Disputes of $15,000 or less are decided on documents only');
    expect(text).toMatch(/opt out of arbitration by sending us written notice within 30 days/);
    expect(text).toMatch(/resolve it informally for 30 days/);
    expect(text).toMatch(/must be brought within one year after it arose/);
  });

  test('has a table of contents that links to each section', async () => {
    const { main } = await openPage('/terms', 'Terms of Use');
    const toc = within(main.getByRole('navigation', { name: 'On this page' }));
    const link = toc.getByRole('link', { name: 'Limitation of liability' });

    expect(link).toHaveAttribute('href', '#liability');
    expect(main.getByRole('heading', { level: 2, name: /Limitation of liability/ })).toHaveAttribute('id', 'liability');
  });

  test('sits in the public page shell: logo to / and a login link', async () => {
    await openPage('/terms', 'Terms of Use');
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: 'Tenens home' })).toHaveAttribute('href', '/');
    expect(banner.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});

describe('Privacy Policy', () => {
  test('shows when it was last modified and the age requirement', async () => {
    await openPage('/privacy', 'Privacy Policy');
    const text = mainText();
    expect(text).toContain('Last modified September 11, 2025');
    expect(text).toContain('intended only for people aged 18 or older');
    expect(text).toContain('We do not sell your personal information.');
  });
});

describe('About', () => {
  test('explains Tenens and links home', async () => {
    const { main } = await openPage('/about', 'Anesthesia staffing without the agency in the middle');
    expect(mainText()).toContain('Tenens is a platform, not an employment agency');
    expect(main.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('footer', () => {
  test('links to the legal pages from every page', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(legal.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });
});
