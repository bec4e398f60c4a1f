import { api, ApiError, errorMessage } from '@/lib/api-client';
import { registerNavigator, type Navigator } from '@/lib/navigation';
import { getSession, SESSION_STORAGE_KEY, setSession } from '@/stores/session';
import { login } from '@/features/auth/api/login';

import { json, mockApi } from '../support/api-mock';
import { applicant, signInAs } from '../support/fixtures';

const unregisters: (() => void)[] = [];
afterEach(() => unregisters.splice(0).forEach((unregister) => unregister()));

/** Stands in for the router: the user is on `pathname + search`. */
function fakeNavigator(pathname = '/jobs/42', search = '?tab=bids', hash = '') {
  const navigate = jest.fn();
  const navigator: Navigator = { location: () => ({ pathname, search, hash }), navigate };
  unregisters.push(registerNavigator(navigator));
  return { navigate };
}

describe('api client', () => {
  test('sends requests under /api with the session token as a bearer header', async () => {
    const token = signInAs(applicant);
    const server = mockApi({ 'GET /job-bids/my-bids': json(200, []) });

    await api.get('/job-bids/my-bids', { query: { limit: 100, skip: undefined } });

    const [call] = server.calls;
    expect(call.url).toBe('/api/job-bids/my-bids?limit=100');
    expect(call.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  test('sends no Authorization header when signed out', async () => {
    const server = mockApi({ 'GET /job-postings': json(200, []) });
    await api.get('/job-postings');
    expect(server.calls[0].headers.has('Authorization')).toBe(false);
  });

  test('sends JSON bodies by default and returns the parsed answer', async () => {
    signInAs(applicant);
    const server = mockApi({ 'POST /job-bids': json(201, { id: 'bid-1', current_state: 'applicant_submitted' }) });

    const bid = await api.post<{ id: string }>('/job-bids', { job_posting_id: 'p-1', proposed_rate: 180 });

    expect(bid).toEqual({ id: 'bid-1', current_state: 'applicant_submitted' });
    expect(server.calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(server.calls[0].json()).toEqual({ job_posting_id: 'p-1', proposed_rate: 180 });
  });

  test('logs in with a form-encoded username and password', async () => {
    const server = mockApi({ 'POST /auth/login': json(200, { access_token: 'abc', token_type: 'bearer' }) });

    await expect(login({ email: 'casey@example.com', password: 's3cret pass' })).resolves.toEqual({
      access_token: 'abc',
      token_type: 'bearer',
    });

    const [call] = server.calls;
    expect(call.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(call.form().get('username')).toBe('casey@example.com');
    expect(call.form().get('password')).toBe('s3cret pass');
  });

  test('turns an error answer into ApiError { status, detail, code }', async () => {
    mockApi({
      'POST /auth/login': json(403, { detail: 'Please verify your email', code: 'email_verification_required' }),
    });

    const error = await login({ email: 'casey@example.com', password: 'x' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, detail: 'Please verify your email', code: 'email_verification_required' });
  });

  describe('a 401 answer', () => {
    test('clears the session and sends the user to /login remembering where they were', async () => {
      signInAs(applicant);
      const { navigate } = fakeNavigator('/jobs/42', '?tab=bids');
      mockApi({ 'GET /job-bids/my-bids': json(401, { detail: 'Not authenticated' }) });

      await expect(api.get('/job-bids/my-bids')).rejects.toMatchObject({ status: 401 });

      expect(getSession()).toBeNull();
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login?from=%2Fjobs%2F42%3Ftab%3Dbids', {
        replace: true,
        state: { from: '/jobs/42?tab=bids' },
      });
    });

    test('does not redirect for the login call itself (a wrong password)', async () => {
      const { navigate } = fakeNavigator('/login', '');
      mockApi({ 'POST /auth/login': json(401, { detail: 'Incorrect email or password' }) });

      await expect(login({ email: 'casey@example.com', password: 'wrong' })).rejects.toMatchObject({
        status: 401,
        detail: 'Incorrect email or password',
      });
      expect(navigate).not.toHaveBeenCalled();
    });

    test('for a token that is no longer the session token leaves the new session alone', async () => {
      signInAs(applicant, 'old-token');
      const { navigate } = fakeNavigator();
      let release!: () => void;
      mockApi({
        'GET /users/me': () =>
          new Promise((resolve) => {
            release = () => resolve(json(401, { detail: 'Token expired' }));
          }),
      });

      const pending = api.get('/users/me').catch((e: unknown) => e);
      setSession({ token: 'new-token', user: applicant });
      release();
      await pending;

      expect(getSession()?.token).toBe('new-token');
      expect(navigate).not.toHaveBeenCalled();
    });
  });

  test('a server that cannot be reached gives ApiError status 0', async () => {
    (globalThis as { fetch: unknown }).fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/job-postings')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('errorMessage', () => {
  test('shows a string detail as it is', () => {
    expect(errorMessage(new ApiError(409, 'You already bid on this job'), 'Failed')).toBe('You already bid on this job');
  });

  test("formats a 422 list as 'Validation error: field: message, ...'", async () => {
    mockApi({
      'PUT /facilities/profile': json(422, {
        detail: [
          { loc: ['body', 'zip_code'], msg: 'Please enter a valid ZIP code', type: 'value_error' },
          { loc: ['body', 'phone'], msg: 'Phone number is required', type: 'missing' },
        ],
      }),
    });
    const error = await api.put('/facilities/profile', {}).catch((e: unknown) => e);

    expect(errorMessage(error, 'Failed to save facility profile. Please try again.')).toBe(
      'Validation error: zip_code: Please enter a valid ZIP code, phone: Phone number is required',
    );
  });

  test('keeps nested field paths and query parameters readable', () => {
    const error = new ApiError(422, [
      { loc: ['query', 'counter_rate'], msg: 'must be at least 1', type: 'too_small' },
      { loc: ['body', 'address', 'zip'], msg: 'invalid', type: 'value_error' },
    ]);
    expect(errorMessage(error, 'x')).toBe('Validation error: counter_rate: must be at least 1, address.zip: invalid');
  });

  test('falls back when there is no usable detail', () => {
    expect(errorMessage(new ApiError(500), 'Failed to load job posting')).toBe('Failed to load job posting');
    expect(errorMessage(new ApiError(422, []), 'Failed to save')).toBe('Failed to save');
    expect(errorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
    expect(errorMessage(undefined, 'Login failed')).toBe('Login failed');
  });
});
