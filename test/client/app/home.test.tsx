import { screen, within } from '@testing-library/react';

import { json, mockApi } from '../support/api-mock';
import { applicant, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';

describe('home page', () => {
  test('leads to sign-up and to the job list', async () => {
    mockApi();
    renderApp('/');
    const hero = within((await screen.findByRole('heading', { level: 1, name: /Anesthesia coverage/ })).closest('section')!);
    expect(hero.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(hero.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/browse');
  });

  test('makes the product’s promises', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    for (const claim of [
      'No middlemen',
      'Only vetted facilities and CRNAs',
      'Rate negotiated in the app',
      'Traditional recruiters are not allowed',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: claim })).toBeInTheDocument();
    }
  });

  test('explains the four steps in order', async () => {
    mockApi();
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: /four steps/ })).closest('section')!;
    const steps = within(within(section).getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading').textContent);
    expect(steps).toEqual(['The facility posts a job', 'A CRNA bids', 'The facility accepts', 'Both are connected by email']);
  });

  test('signed in, the hero leads to the dashboard instead of sign-up', async () => {
    signInAs(applicant);
    mockApi({ 'GET /users/me': json(200, applicant) });
    renderApp('/');
    const hero = within((await screen.findByRole('heading', { level: 1 })).closest('section')!);
    expect(hero.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(hero.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});
