import { screen } from '@testing-library/react';

import { env } from '@/config/env';

import { mockApi } from '../support/api-mock';
import { renderApp } from '../support/render';

describe('version label', () => {
  afterEach(() => {
    env.isProduction = false;
  });

  test("shows 'v' + the build id in production", async () => {
    env.isProduction = true;
    env.buildId = 'a1b2c3d';
    mockApi();
    renderApp('/about');
    const label = await screen.findByText('va1b2c3d');
    // In the footer's line, not floating over the page.
    expect(screen.getByRole('contentinfo')).toContainElement(label);
  });

  test('is absent in development', async () => {
    mockApi();
    renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('version-label')).not.toBeInTheDocument();
  });
});
