// The `mtg-turn-machine` command line.
import { Command, InvalidArgumentError } from 'commander';
import { runExportCommand } from '../export/command.js';
import { runInspectCommand, runVisualizeCommand } from '../server/commands.js';
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

export function buildProgram(): Command {
  const program = new Command('mtg-turn-machine')
    .description("Magic: The Gathering's turn structure as an XState statechart: run rules scenarios, play a demo, visualise.")
    .version(packageVersion(), '-V, --version', 'print the version')
    .showHelpAfterError();

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
      .action(async (options: { port: number; host: string }) => {
        await run(options);
      });
  }

  program.command('export')
    .description("write each machine of stately.config.ts as JSON and as a createMachine() source for Stately's editor")
    .option('--out <dir>', 'output folder', 'dist/stately')
    .action(async (options: { out: string }) => {
      for (const written of await runExportCommand(options)) print(`${written.name}: ${written.jsonFile}, ${written.sourceFile}`);
    });

  return program;
}

// A reader that stops early (`mtg-turn-machine play | head`) closes the pipe: stop quietly, as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`mtg-turn-machine: cannot write the output: ${error.message}\n`);
  process.exit(2);
});

buildProgram().parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`mtg-turn-machine: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
