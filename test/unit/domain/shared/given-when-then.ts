/** given(events).when(command).then(events) for any decider, in the style of Emmett's DeciderSpecification. */
import { fold, type Decider } from '../../../../server/src/domain/shared/decider';

type ErrorClass = abstract new (...args: never[]) => Error;

export function deciderSpec<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return {
    given(history: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, fold(decider, history));
          return {
            /** Exactly these events; they must also fold cleanly onto the history. */
            then(expected: Event[]): State {
              const produced = run();
              expect(produced).toEqual(expected);
              return fold(decider, [...history, ...produced]);
            },
            thenNothing(): void {
              expect(run()).toEqual([]);
            },
            /** Refused with this error class and, when given, this exact message (or pattern). */
            thenThrows(errorClass: ErrorClass, message?: string | RegExp): Error {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(errorClass);
              const error = caught as Error;
              if (typeof message === 'string') expect(error.message).toBe(message);
              if (message instanceof RegExp) expect(error.message).toMatch(message);
              return error;
            },
          };
        },
      };
    },
  };
}
