import { personName } from '@domain/shared/person-name';
import { atom, createStore } from 'jotai';
import { RESET, atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { SyncStringStorage } from 'jotai/vanilla/utils/atomWithStorage';

import type { UserView } from '@domain/accounts/user-view';
import type { AccessRole } from '@/types/api';

/** The signed-in session, persisted in local storage so a reload keeps the user signed in. */
export interface Session {
  token: string;
  user: UserView;
}

export const SESSION_STORAGE_KEY = 'tenens.session';

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.token === 'string' &&
    candidate.token.length > 0 &&
    !!candidate.user &&
    typeof candidate.user === 'object' &&
    typeof candidate.user.role === 'string'
  );
}

/** The server's renderer (entry-server.tsx) has no local storage: it renders pages as a visitor sees them. */
const NO_STORAGE: SyncStringStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

const storage = createJSONStorage<Session | null>(() => (typeof localStorage === 'undefined' ? NO_STORAGE : localStorage));

/**
 * `{ token, user }` or null. `getOnInit` reads local storage on first access so code outside
 * React (the API client) sees the stored token before any component mounts. Other tabs stay in
 * sync through the storage event (signing out in one tab signs out everywhere).
 */
export const sessionAtom = atomWithStorage<Session | null>(
  SESSION_STORAGE_KEY,
  null,
  {
    ...storage,
    getItem: (key, initialValue) => {
      const value = storage.getItem(key, initialValue);
      return isSession(value) ? value : null;
    },
  },
  { getOnInit: true },
);

export const tokenAtom = atom((get) => get(sessionAtom)?.token ?? null);
export const currentUserAtom = atom((get) => get(sessionAtom)?.user ?? null);
export const isSignedInAtom = atom((get) => get(sessionAtom) !== null);
export const userRoleAtom = atom((get) => get(currentUserAtom)?.role ?? null);
export const isAdminAtom = atom((get) => get(currentUserAtom)?.is_admin === true);
export const displayNameAtom = atom((get) => {
  const user = get(currentUserAtom);
  return user ? displayName(user) : null;
});

/** 'First Last', else whichever name exists, else the email. */
export function displayName(user: Pick<UserView, 'first_name' | 'last_name' | 'email'>): string {
  return personName(user) || user.email;
}

/** Whether a user satisfies a route or menu requirement ('admin' means is_admin). */
export function hasAccessRole(user: UserView | null, role: AccessRole): boolean {
  if (!user) return false;
  if (role === 'admin') return user.is_admin === true;
  return user.role === role;
}

/**
 * The one jotai store of the app. The Provider in app/provider.tsx uses it, and modules outside
 * React (the API client) read and clear the session through it.
 */
export const appStore = createStore();

export function getSession(): Session | null {
  return appStore.get(sessionAtom);
}

export function setSession(session: Session | null): void {
  appStore.set(sessionAtom, session ?? RESET);
}

/** Signs out locally: removes the token and user from memory and local storage. */
export function clearSession(): void {
  appStore.set(sessionAtom, RESET);
}
