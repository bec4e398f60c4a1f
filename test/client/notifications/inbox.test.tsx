import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { NotificationsPage, NotificationView } from '@domain/notifications/notification-views';

import { json, mockApi } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { applicant, signInAs } from '../support/fixtures';
import { currentPath, renderApp } from '../support/render';

const counter: NotificationView = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'facility_countered',
  title: 'Counter offer on CRNA for day surgery',
  body: 'The facility countered at $180/hr. Accept, decline or counter on the job page.',
  link: '/jobs/p-1',
  created_at: new Date().toISOString(),
  read_at: null,
};
const verified: NotificationView = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'verification',
  title: 'Your profile is verified',
  body: 'An admin confirmed your credentials. You can now bid on jobs.',
  link: '/applicant-profile',
  created_at: '2026-01-05T10:00:00.000Z',
  read_at: '2026-01-05T11:00:00.000Z',
};

const page = (notifications: NotificationView[], unread = 1): NotificationsPage => ({
  notifications,
  total: notifications.length,
  unread_count: unread,
  page: 1,
  page_size: 20,
});

/** The inbox page and the header's bell, against the API and the socket. */
describe('notifications', () => {
  test('the page lists the inbox newest first, filters the unread, and opening one marks it read and goes to its page', async () => {
    signInAs(applicant);
    const api = mockApi({
      'GET /users/me': json(200, applicant),
      'GET /notifications/unread-count': json(200, { unread_count: 1 }),
      'GET /notifications': (call) => json(200, call.query.get('unread') === 'true' ? page([counter]) : page([counter, verified])),
      [`POST /notifications/${counter.id}/read`]: json(200, { ...counter, read_at: new Date().toISOString() }),
    });
    const { router } = renderApp('/notifications');

    const list = await screen.findByRole('list', { name: '1 unread notification' }, { timeout: 5_000 });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Unread: Counter offer on CRNA for day surgery'),
      expect.stringContaining('Your profile is verified'),
    ]);
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 5_000 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(api.callsTo('GET /notifications').at(-1)?.query.get('unread')).toBe('true'));

    await userEvent.click(await screen.findByRole('button', { name: /Counter offer on CRNA for day surgery/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/jobs/p-1'));
    expect(api.callsTo(`POST /notifications/${counter.id}/read`)).toHaveLength(1);
  });

  test('an empty inbox says so', async () => {
    signInAs(applicant);
    mockApi({
      'GET /users/me': json(200, applicant),
      'GET /notifications/unread-count': json(200, { unread_count: 0 }),
      'GET /notifications': json(200, page([], 0)),
    });
    renderApp('/notifications');
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  test('a pushed notification updates the bell and shows a toast away from its page, but not on it', async () => {
    signInAs(applicant);
    mockApi({
      'GET /users/me': json(200, applicant),
      'GET /notifications/unread-count': json(200, { unread_count: 0 }),
      'GET /notifications': json(200, page([], 0)),
    });
    const { router } = renderApp('/notifications');
    const bell = await screen.findByRole('button', { name: 'Notifications' }, { timeout: 5_000 });

    act(() => fakeSockets[0].simulateEvent('notification.created', { notification: counter, unread_count: 1 }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 1 unread'));
    expect(await screen.findByText(counter.body)).toBeInTheDocument();

    await act(() => router.navigate('/jobs/p-2'));
    const onItsPage = { ...counter, id: '33333333-3333-4333-8333-333333333333', link: '/jobs/p-2', body: 'Countered again at $185/hr.' };
    act(() => fakeSockets[0].simulateEvent('notification.created', { notification: onItsPage, unread_count: 2 }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));
    expect(screen.queryByText('Countered again at $185/hr.')).not.toBeInTheDocument();
  });
});
