/** Injection tokens of the platform's shared parts that are not classes of their own. */
export const PUBLISHER_REDIS = Symbol('PUBLISHER_REDIS');
