import { eventGuard, type AnyEvent } from '../domain/shared/events';
import type { RecordedEvent } from '../eventstore/event-store.port';

/** One aggregate's event as the log records it: its type and data narrowed together. */
export type Recorded<E extends AnyEvent> = RecordedEvent & E;

/**
 * What a follower of the log (a read model, a reactor) takes from one stream category:
 * `stream` 'posting' follows the `posting-{id}` streams; `types` are the events it handles.
 * Type names can repeat across streams, so both must match.
 */
export interface Subscription<Context, Result> {
  stream: string;
  types: readonly string[];
  handle(event: RecordedEvent, context: Context): Result;
}

/** A subscription whose handler receives the aggregate's typed events. */
export function subscription<E extends AnyEvent, Context, Result>(
  stream: string,
  types: readonly E['type'][],
  handle: (event: Recorded<E>, context: Context) => Result,
): Subscription<Context, Result> {
  const handles = eventGuard<E>(types);
  return {
    stream,
    types,
    handle: (event, context) => {
      if (!handles(event)) throw new Error(`${event.type} is not followed on ${stream} streams`);
      return handle(event, context);
    },
  };
}

/** The subscription this event falls under, if any. */
export function subscribedTo<Context, Result>(
  subscriptions: readonly Subscription<Context, Result>[],
  event: RecordedEvent,
): Subscription<Context, Result> | undefined {
  return subscriptions.find((s) => event.stream.startsWith(`${s.stream}-`) && s.types.includes(event.type));
}

/** The id part of a stream name: 'posting-42' -> '42'. */
export function streamId(event: Pick<RecordedEvent, 'stream'>): string {
  return event.stream.slice(event.stream.indexOf('-') + 1);
}
