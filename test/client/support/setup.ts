/**
 * jsdom setup for the client tests: jest-dom matchers, the browser APIs Mantine and React Router
 * use that jsdom lacks, a fake Socket.IO client, and the build-time env module.
 */
import '@testing-library/jest-dom';

import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

import { cleanNotifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';

import { disconnectSocket } from '@/lib/socket';
import { clearSession } from '@/stores/session';

import { fakeSockets } from './fake-socket';
import { FakeRequest, FakeResponse } from './web-fetch';

// Lazy routes and their first imports take seconds when CI runs the suites side by side; the
// library's 1 s default for findBy and waitFor then fails tests that are right.
configure({ asyncUtilTimeout: 5000 });

// `import.meta` cannot run under jest (CommonJS): replace the one module that reads it.
jest.mock('@/config/env', () => ({ env: { isProduction: false, buildId: 'test' } }));

// No real sockets from jsdom: a controllable fake (see support/fake-socket.ts).
jest.mock('socket.io-client', () => jest.requireActual('./fake-socket'));

const g = globalThis as Record<string, unknown>;

if (typeof g.TextEncoder === 'undefined') g.TextEncoder = TextEncoder;
if (typeof g.TextDecoder === 'undefined') g.TextDecoder = TextDecoder;
if (typeof g.structuredClone === 'undefined') g.structuredClone = (value: unknown) => deserialize(serialize(value));
// React Router builds a Request for every navigation; the API client reads Responses.
if (typeof g.Request === 'undefined') g.Request = FakeRequest;
if (typeof g.Response === 'undefined') g.Response = FakeResponse;
// Each test installs its own fetch (support/api-mock.ts); this one fails loudly.
g.fetch = () => Promise.reject(new Error('fetch was called without a mock (use mockApi)'));

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
g.ResizeObserver = ResizeObserverStub;
g.IntersectionObserver = IntersectionObserverStub;

// jsdom prints 'Not implemented' for these; the router's scroll restoration calls scrollTo.
window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.getAnimations) Element.prototype.getAnimations = () => [];

afterEach(() => {
  cleanup();
  cleanNotifications();
  disconnectSocket();
  fakeSockets.length = 0;
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});
