// Faults of the host's own code around a game — listeners (`history`, `rejected`, `subscribe`)
// and inspection callbacks that throw — contained: XState would rethrow them from a timer (an
// uncaught exception: the process exits, with every other game in it). Each is caught, the
// game goes on, and the fault is reported (`onFault`, `game.faults`). Faults of the engine's
// hooks refuse the event they ran in (machine/faults.ts) and are reported the same way.
import { messageOf } from '../machine/faults.js';

/** A fault contained: a host hook, a listener or an inspection callback that threw or answered something invalid. */
export interface Fault {
  /** What failed: a listener of the actor, an inspection callback, a host hook. */
  source: 'listener' | 'inspect' | 'hook';
  /** Which: the event listened to (`history`, `rejected`, `snapshot`…), or the hook's name. */
  name: string;
  message: string;
}

/** Where contained faults are reported (`onFault`). */
export type FaultReporter = (fault: Fault) => void;

/** Reports a fault without letting the reporter's own error out. */
export function report(reporter: FaultReporter | undefined, fault: Fault): void {
  if (!reporter) return;
  try {
    reporter(fault);
  } catch {
    // a reporter that throws has nowhere left to report to
  }
}

/** `fn`, contained: what it throws is reported as a fault of `source`/`name`, never thrown on. */
export function contained<A extends unknown[]>(fn: (...args: A) => unknown, source: Fault['source'], name: string, reporter: () => FaultReporter | undefined): (...args: A) => void {
  return (...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      report(reporter(), { source, name, message: messageOf(error) });
    }
  };
}

/** The most recent faults a game keeps (`game.faults`). */
export const MAX_FAULTS_KEPT = 100;
