/**
 * The console's chosen tab, remembered in local storage under 'admin-dashboard' (spec part 2 §2).
 * The review queue (issue #14) is the first tab and the default: admins open the console to review.
 */
export const ADMIN_TABS = ['queue', 'facilities', 'applicants'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ADMIN_TAB_STORAGE_KEY = 'admin-dashboard';
export const DEFAULT_ADMIN_TAB: AdminTab = 'queue';

export function isAdminTab(value: unknown): value is AdminTab {
  return typeof value === 'string' && (ADMIN_TABS as readonly string[]).includes(value);
}

/** The stored tab; anything else (missing, unknown, unreadable storage) gives the review queue. */
export function readAdminTab(): AdminTab {
  try {
    const stored = localStorage.getItem(ADMIN_TAB_STORAGE_KEY);
    if (isAdminTab(stored)) return stored;
    // Also accept a JSON-quoted value ("applicants"), as storage hooks write it.
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return isAdminTab(parsed) ? parsed : DEFAULT_ADMIN_TAB;
  } catch {
    return DEFAULT_ADMIN_TAB;
  }
}

export function writeAdminTab(tab: AdminTab): void {
  try {
    localStorage.setItem(ADMIN_TAB_STORAGE_KEY, tab);
  } catch {
    // Private mode or full storage: the choice is simply not remembered.
  }
}
