// How the command ends when it cannot do what it was asked: a usage error exits 2 with the usage line of
// the command it was for (a failing scenario exits 1, an invalid scenario file 2: FORMAT.md), and an
// error of the system says what to do about it (a port in use: another one with --port).
import { CommanderError, type Command } from 'commander';

/** The exit status of a usage error: distinct from a failing scenario's 1. */
export const USAGE_EXIT = 2;

/** `mtg-turn-machine scenario`: the words that run a command. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** `Usage: mtg-turn-machine scenario [options] <paths...>` for a command (or the program). */
export const usageLine = (command: Command): string => `Usage: ${commandPath(command)} ${command.usage()}`;

/**
 * Makes commander's exits throw instead of exiting (1 for every error): --help and --version stay 0,
 * a usage error (unknown command or option, missing or invalid argument) prints its command's usage
 * line and help hint, and the caller sets the exit status from the thrown error (`exitStatusOf`).
 */
export function throwOnUsageErrors(program: Command, write: (line: string) => void): void {
  const commands = (c: Command): Command[] => [c, ...c.commands.flatMap(commands)];
  for (const command of commands(program)) {
    command.exitOverride((error) => {
      if (error.exitCode !== 0 && error.code !== 'commander.help') {
        write(usageLine(command));
        write(`Run '${commandPath(command)} --help' for more.`);
      }
      throw error;
    });
  }
}

/** A sentence for an error the command could not recover from, and its exit status. */
export function failureOf(error: unknown): { message: string | null; status: number } {
  if (error instanceof CommanderError) {
    // commander printed the error (and the usage line was added): only the status is left to set.
    return { message: null, status: error.exitCode === 0 ? 0 : USAGE_EXIT };
  }
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.code === 'EADDRINUSE') {
    return { message: `${e.address ?? 'the address'}:${e.port ?? '?'} is already in use (another server is listening there): choose another port with --port <n>, or --port 0 for any free one`, status: 2 };
  }
  if (e?.code === 'EACCES' && e.syscall === 'listen') {
    return { message: `not allowed to listen on ${e.address ?? 'the address'}:${e.port ?? '?'} (ports below 1024 need privileges): choose another port with --port <n>`, status: 2 };
  }
  return { message: error instanceof Error ? error.message : String(error), status: 2 };
}
