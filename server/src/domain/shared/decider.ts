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

/** Folds a stream's events into its current state. */
export function fold<State, Event>(decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>, events: Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Exhaustiveness check for switch statements over discriminated unions. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
