import { Accounts1763700000200 } from './1763700000200-Accounts';
import { EventStore1763700000000 } from './1763700000000-EventStore';
import { Platform1763700000100 } from './1763700000100-Platform';

/**
 * Every migration, in order. Listed explicitly (not globbed) so the same list works from
 * TypeScript sources in tests and from the compiled build.
 */
export const migrations: Function[] = [
  EventStore1763700000000,
  Platform1763700000100,
  Accounts1763700000200,
];
