/**
 * The shapes every aggregate's messages take, Emmett style: `{ type, data }`. Commands carry
 * `now` in their data, so decisions never read a clock.
 */
export type Event<Type extends string, Data> = Readonly<{ type: Type; data: Readonly<Data> }>;

export type Command<Type extends string, Data> = Readonly<{ type: Type; data: Readonly<Data> }>;

/** Any event, as a stream or the log holds it before it is known to be one aggregate's. */
export type AnyEvent = { readonly type: string; readonly data: unknown };

/**
 * A type guard for one aggregate's events, from the list of its event types: what passes it is
 * one of them (the same object, so an event store's record keeps its other fields).
 */
export function eventGuard<E extends AnyEvent>(types: readonly E['type'][]) {
  const known = new Set<string>(types);
  return <T extends AnyEvent>(event: T): event is T & E => known.has(event.type);
}
