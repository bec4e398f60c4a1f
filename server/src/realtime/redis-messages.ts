/**
 * How pushes cross Redis between instances: as JSON, for the emitter that publishes them and the
 * adapter that delivers them alike (the two must agree). Socket.IO's default, msgpack
 * (notepack.io), encodes in JavaScript and cost each bid command more CPU and garbage than the
 * rest of its push (docs/performance.md, session 30); its one advantage, binary payloads, is
 * nothing Tenens pushes. The adapter reads Redis as Buffers.
 */
export const redisMessages = {
  encode: (message: unknown): string => JSON.stringify(message),
  decode: (message: Buffer | string): unknown => JSON.parse(message.toString()),
};
