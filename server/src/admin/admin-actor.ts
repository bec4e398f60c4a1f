import { displayName, type SessionUser } from '../auth/session-user';
import type { EventMetadata } from '../eventstore/event-store.port';

/** Admin actions carry the acting admin, whose name is written into notes and histories. */
export function adminMetadata(admin: SessionUser): EventMetadata {
  return { actor: { user_id: admin.id, side: 'admin', name: displayName(admin) || 'admin' } };
}

/** Notes as the spec words them: "Verified by {admin}", with the admin's text in brackets. */
export function actionNote(action: string, admin: SessionUser, text?: string | null): string {
  const base = `${action} by ${displayName(admin) || 'admin'}`;
  const extra = text?.trim();
  if (!extra) return base;
  // The client may already send the full note ("Verified by X (text)"); keep it as it is then.
  return extra.startsWith(`${action} by`) ? extra : `${base} (${extra})`;
}
