// node-postgres's own value serialization (how it sends a parameter), which @types/pg leaves out.
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
