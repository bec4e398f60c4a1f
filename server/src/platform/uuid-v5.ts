import { hash } from 'node:crypto';

/** Namespaces' bytes, read once: a rebuild derives an id for every notification with the same one. */
const namespaceBytes = new Map<string, Buffer>();

/**
 * A UUID v5 (RFC 9562, SHA-1) of `name` in `namespace`: the same inputs always give the same id,
 * so ids derived from what they identify hold under races and replays. One-shot hashing of one
 * buffer costs about half of a Hash object's update and digest.
 */
export function uuidV5(namespace: string, name: string): string {
  const prefix = namespaceOf(namespace);
  const input = Buffer.allocUnsafe(prefix.length + Buffer.byteLength(name));
  prefix.copy(input);
  input.write(name, prefix.length);
  const bytes = hash('sha1', input, 'buffer');
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function namespaceOf(namespace: string): Buffer {
  let bytes = namespaceBytes.get(namespace);
  if (!bytes) {
    bytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
    namespaceBytes.set(namespace, bytes);
  }
  return bytes;
}
