import { RESET } from 'jotai/utils';

import {
  appStore,
  currentUserAtom,
  displayName,
  displayNameAtom,
  hasAccessRole,
  isAdminAtom,
  isSignedInAtom,
  SESSION_STORAGE_KEY,
  sessionAtom,
  setSession,
  userRoleAtom,
} from '@/stores/session';

import { applicant, facilityMember, systemAdmin } from '../support/fixtures';

describe('session store', () => {
  test("persists { token, user } in local storage under 'tenens.session'", () => {
    setSession({ token: 'abc', user: applicant });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual({ token: 'abc', user: applicant });

    appStore.set(sessionAtom, RESET);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('derives signed-in state, role, admin flag and display name', () => {
    expect(appStore.get(isSignedInAtom)).toBe(false);
    expect(appStore.get(displayNameAtom)).toBeNull();

    setSession({ token: 'abc', user: facilityMember });
    expect(appStore.get(isSignedInAtom)).toBe(true);
    expect(appStore.get(userRoleAtom)).toBe('facility_admin');
    expect(appStore.get(isAdminAtom)).toBe(false);
    expect(appStore.get(currentUserAtom)?.email).toBe(facilityMember.email);
    expect(appStore.get(displayNameAtom)).toBe('Morgan Lee');

    setSession({ token: 'abc', user: systemAdmin });
    expect(appStore.get(isAdminAtom)).toBe(true);
    expect(appStore.get(displayNameAtom)).toBe('admin@example.com');
  });

  test('display name: first and last name, else one of them, else the email', () => {
    expect(displayName({ first_name: 'Ana', last_name: 'Ruiz', email: 'a@x.com' })).toBe('Ana Ruiz');
    expect(displayName({ first_name: 'Ana', last_name: null, email: 'a@x.com' })).toBe('Ana');
    expect(displayName({ first_name: '  ', last_name: '', email: 'a@x.com' })).toBe('a@x.com');
  });

  test("route roles: 'admin' means is_admin", () => {
    expect(hasAccessRole(systemAdmin, 'admin')).toBe(true);
    expect(hasAccessRole(facilityMember, 'admin')).toBe(false);
    expect(hasAccessRole(facilityMember, 'facility_admin')).toBe(true);
    expect(hasAccessRole(applicant, 'facility_admin')).toBe(false);
    expect(hasAccessRole(null, 'applicant')).toBe(false);
  });
});

describe('session store reading local storage', () => {
  test('reads a stored session at start-up and ignores a damaged one', () => {
    jest.isolateModules(() => {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'stored', user: applicant }));
      const fresh = require('@/stores/session') as typeof import('@/stores/session');
      expect(fresh.getSession()).toEqual({ token: 'stored', user: applicant });
    });
    jest.isolateModules(() => {
      localStorage.setItem(SESSION_STORAGE_KEY, '{"token": 42');
      const fresh = require('@/stores/session') as typeof import('@/stores/session');
      expect(fresh.getSession()).toBeNull();
    });
    jest.isolateModules(() => {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'no-user' }));
      const fresh = require('@/stores/session') as typeof import('@/stores/session');
      expect(fresh.getSession()).toBeNull();
    });
  });
});
