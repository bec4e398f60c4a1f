import type { AnyEvent } from './events';

/**
 * An aggregate's rules as pure functions, in the style of Emmett's deciders:
 * `decide` turns a command into events against the current state (or throws a DomainError),
 * `evolve` folds one event into the state. No I/O, no clock: time arrives inside the command.
 */
export interface Decider<State, Command, Event> {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
}

/**
 * A decider over an event stream, with the guard that tells its events among the stream's
 * records (each aggregate's eventGuard over its list of event types).
 */
export interface StreamDecider<State, Command, Event extends AnyEvent> extends Decider<State, Command, Event> {
  isEvent: <T extends AnyEvent>(event: T) => event is T & Event;
  /**
   * The state a stored snapshot holds (a read model's copy of a fold of the stream, as JSON), or
   * null when it is not one this decider folds (then the whole stream is read). Deciders without
   * it are always folded from the whole stream.
   */
  fromSnapshot?: (state: unknown) => State | null;
}

/** Folds a stream's events into its current state. */
export function fold<State, Event>(decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>, events: Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Exhaustiveness check for switch statements over discriminated unions. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
