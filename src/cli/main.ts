// The `mtg-turn-machine` command line.
import { Command, InvalidArgumentError } from 'commander';
import { runExportCommand } from '../export/command.js';
import { runInspectCommand, runVisualizeCommand } from '../server/commands.js';
import { parseAllowedOrigin } from '../server/guard.js';
import { failureOf, throwOnUsageErrors } from './exits.js';
import { DEFAULT_VISUALIZER_PORT } from '../server/server.js';
import { DEFAULT_RULES_EDITION, rulesEditionProblem } from '../vocabulary/index.js';
import { playDemo } from './play.js';
import { MAX_SCENARIO_BYTES, runScenarioCommand } from './scenarioCommand.js';
import { packageVersion } from './version.js';

const print = (line: string) => process.stdout.write(`${line}\n`);

/** `--rules-edition DATE`: a date the edition table covers (FORMAT.md "Rule numbers by edition"). */
function parseEdition(value: string): string {
  const problem = rulesEditionProblem(value);
  if (problem !== null) throw new InvalidArgumentError(problem);
  return value;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError(`"${value}" is not a port (0–65535)`);
  return port;
}

/** Each `--allow-origin`, checked (one exact origin, never `*`), added to those before it. */
function allowOrigin(value: string, previous: string[]): string[] {
  const parsed = parseAllowedOrigin(value);
  if ('error' in parsed) throw new InvalidArgumentError(parsed.error);
  return [...previous, parsed.origin];
}

export function buildProgram(): Command {
  const program = new Command('mtg-turn-machine')
    .description("Magic: The Gathering's turn structure as an XState statechart: run rules scenarios, play a demo, visualise.")
    .version(packageVersion(), '-V, --version', 'print the version');

  program.command('scenario')
    .description('run JSON rules scenarios (files, or directories of *.json); exit 0 if all pass, 1 if any fails, 2 if any is invalid')
    .argument('<paths...>', 'scenario files or directories')
    .addHelpText('after', `
Directories are walked in sorted order, symlinks followed. Each path that cannot be run is printed as
INVALID <path>: <reason> and the others still run: a missing path, a dangling or looping symlink, an
unreadable directory, a FIFO, socket or device, a file over ${MAX_SCENARIO_BYTES / 1024 / 1024} MiB, a file that is not UTF-8.
Each result prints as its file finishes; control characters are printed escaped (\\u001b).`)
    .option('--trace', 'print the history of each scenario')
    .option('--json', 'print one machine-readable JSON report')
    .option('--rules-edition <date>', `cite the rule numbers of this Comprehensive Rules edition (YYYY-MM-DD; default ${DEFAULT_RULES_EDITION}) in scenarios whose options name none`, parseEdition)
    .action((paths: string[], options: { trace?: boolean; json?: boolean; rulesEdition?: string }) => {
      process.exitCode = runScenarioCommand(paths, options, print);
    });

  program.command('play')
    .description('play a sample game with Time Stop and print its history, rule by rule')
    .option('--rules-edition <date>', `cite the rule numbers of this Comprehensive Rules edition (YYYY-MM-DD; default ${DEFAULT_RULES_EDITION})`, parseEdition)
    .action((options: { rulesEdition?: string }) => playDemo(print, options.rulesEdition));

  const servers = [
    ['visualize', 'serve the visualizer on localhost and print its URL (what `npm start` runs)', runVisualizeCommand],
    ['inspect', 'start the visualizer with its WebSocket relay for @statelyai/inspect, and print how to connect', runInspectCommand],
  ] as const;
  for (const [name, description, run] of servers) {
    program.command(name)
      .description(description)
      .option('--port <n>', 'TCP port, 0 for any free one', parsePort, DEFAULT_VISUALIZER_PORT)
      .option('--host <address>', 'interface to listen on', '127.0.0.1')
      .option('--allow-origin <origin>', 'let pages of this web app feed the inspector relay (http://localhost:5173; repeatable; never *)', allowOrigin, [])
      .action(async (options: { port: number; host: string; allowOrigin: string[] }) => {
        const { allowOrigin, ...rest } = options;
        await run({ ...rest, allowOrigins: allowOrigin });
      });
  }

  program.command('export')
    .description("write each machine of stately.config.ts as JSON and as a createMachine() source for Stately's editor")
    .option('--out <dir>', 'output folder', 'dist/stately')
    .action(async (options: { out: string }) => {
      for (const written of await runExportCommand(options)) print(`${written.name}: ${written.jsonFile}, ${written.sourceFile}`);
    });

  program.command('host')
    .description('serve games over HTTP and WebSocket, every event in a database (docs/HOST.md); prints its URL')
    .option('--port <n>', 'TCP port, 0 for any free one', parsePort, 4320)
    .option('--host <address>', 'interface to listen on', '127.0.0.1')
    .option('--db <dir>', 'the embedded PGlite database folder (default ./.mtg-games)')
    .option('--postgres <url>', 'a PostgreSQL database instead (postgres://user:password@host/db); several hosts may share it')
    .option('--allow-origin <origin...>', 'browser origins allowed beside the host\'s own')
    .option('--static <dir>', 'a client page to serve at /')
    .action(async (options: { port: number; host: string; db?: string; postgres?: string; allowOrigin?: string[]; static?: string }) => {
      await runHost(options);
    });

  throwOnUsageErrors(program, (line) => process.stderr.write(`${line}\n`));
  return program;
}

/** The host is a package of its own (mtg-turn-machine-host: PGlite, pg): loaded only when asked for. */
async function runHost(options: { port: number; host: string; db?: string; postgres?: string; allowOrigin?: string[]; static?: string }): Promise<void> {
  const name = 'mtg-turn-machine-host';
  let host: { runHostCommand(o: typeof options, print: (line: string) => void): Promise<unknown> };
  try {
    host = (await import(name)) as typeof host;
  } catch {
    throw new Error(`the host is the package ${name}: install it beside this one (npm install ${name})`);
  }
  await host.runHostCommand(options, print);
}

// A reader that stops early (`mtg-turn-machine play | head`) closes the pipe: stop quietly, as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`mtg-turn-machine: cannot write the output: ${error.message}\n`);
  process.exit(2);
});

buildProgram().parseAsync(process.argv).catch((error: unknown) => {
  const { message, status } = failureOf(error);
  if (message !== null) process.stderr.write(`mtg-turn-machine: ${message}\n`);
  process.exitCode = status;
});
