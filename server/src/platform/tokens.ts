/** Injection tokens of the platform's shared parts that are not classes of their own. */
export const PUBLISHER_REDIS = Symbol('PUBLISHER_REDIS');
/** The process's one LISTEN connection to Postgres (event and checkpoint notifications). */
export const PG_LISTENER = Symbol('PG_LISTENER');
