import { act, renderHook, screen, waitFor } from '@testing-library/react';

import { useLiveEvent } from '@/hooks/use-live-updates';
import { subscribe, watchPosting } from '@/lib/socket';
import { clearSession } from '@/stores/session';

import { json, mockApi } from '../support/api-mock';
import { fakeSockets } from '../support/fake-socket';
import { facilityMember, permissions, signInAs } from '../support/fixtures';
import { renderApp } from '../support/render';

function signedInApp() {
  const token = signInAs(facilityMember);
  const server = mockApi({
    'GET /users/me': json(200, facilityMember),
    'GET /users/me/facility-permissions': json(200, permissions()),
  });
  const view = renderApp('/dashboard');
  return { token, server, ...view };
}

describe('live updates', () => {
  test('no socket while signed out', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(fakeSockets).toHaveLength(0);
  });

  test('connects to this origin at /socket.io with the token when signed in', async () => {
    const { token } = signedInApp();
    await screen.findByRole('heading', { name: 'Your Job Postings' });

    expect(fakeSockets).toHaveLength(1);
    expect(fakeSockets[0].uri).toBeUndefined();
    expect(fakeSockets[0].options).toMatchObject({ path: '/socket.io', auth: { token } });
  });

  test('a reconnect refetches what is on screen (pushes may have been missed)', async () => {
    const { server } = signedInApp();
    await screen.findByRole('heading', { name: 'Your Job Postings' });
    const socket = fakeSockets[0];
    const fetchesOfMe = () => server.callsTo('GET /users/me').length;

    act(() => socket.simulateConnect());
    const before = fetchesOfMe();
    expect(before).toBe(1); // the first connection changes nothing

    act(() => {
      socket.simulateDrop();
      socket.simulateConnect();
    });

    await waitFor(() => expect(fetchesOfMe()).toBe(before + 1));
  });

  test('signing out disconnects', async () => {
    signedInApp();
    await screen.findByRole('heading', { name: 'Your Job Postings' });
    const socket = fakeSockets[0];

    act(() => clearSession());

    await waitFor(() => expect(socket.disconnected).toBe(true));
  });

  test('features receive typed pushes through subscribe and useLiveEvent', async () => {
    signedInApp();
    await screen.findByRole('heading', { name: 'Your Job Postings' });
    const socket = fakeSockets[0];
    const viaSubscribe = jest.fn();
    const viaHook = jest.fn();
    const unsubscribe = subscribe('bid.updated', viaSubscribe);
    const hook = renderHook(() => useLiveEvent('posting.updated', viaHook));

    act(() => {
      socket.simulateEvent('bid.updated', { id: 'b-1', current_state: 'facility_countered' });
      socket.simulateEvent('posting.updated', { id: 'p-1', status: 'active' });
    });

    expect(viaSubscribe).toHaveBeenCalledWith({ id: 'b-1', current_state: 'facility_countered' });
    expect(viaHook).toHaveBeenCalledWith({ id: 'p-1', status: 'active' });

    unsubscribe();
    hook.unmount();
    act(() => socket.simulateEvent('bid.updated', { id: 'b-2' }));
    expect(viaSubscribe).toHaveBeenCalledTimes(1);
  });

  test('watched posting rooms are joined again after a reconnect', async () => {
    signedInApp();
    await screen.findByRole('heading', { name: 'Your Job Postings' });
    const socket = fakeSockets[0];
    act(() => socket.simulateConnect());

    const stopWatching = watchPosting('p-7');
    expect(socket.emitted).toContainEqual({ event: 'posting.watch', args: ['p-7'] });

    socket.emitted.length = 0;
    act(() => {
      socket.simulateDrop();
      socket.simulateConnect();
    });
    expect(socket.emitted).toContainEqual({ event: 'posting.watch', args: ['p-7'] });

    stopWatching();
    expect(socket.emitted).toContainEqual({ event: 'posting.unwatch', args: ['p-7'] });
  });
});
