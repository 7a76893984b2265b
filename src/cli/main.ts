// The `mtg-turn-machine` command line.
import { Command } from 'commander';
import { playDemo } from './play.js';
import { runScenarioCommand } from './scenarioCommand.js';

const print = (line: string) => process.stdout.write(`${line}\n`);

export function buildProgram(): Command {
  const program = new Command('mtg-turn-machine')
    .description("Magic: The Gathering's turn structure as an XState statechart: run rules scenarios, play a demo, visualise.")
    .showHelpAfterError();

  program.command('scenario')
    .description('run JSON rules scenarios (files, or directories of *.json); exit 0 if all pass, 1 if any fails, 2 if any is invalid')
    .argument('<paths...>', 'scenario files or directories')
    .option('--trace', 'print the history of each scenario')
    .option('--json', 'print one machine-readable JSON report')
    .action((paths: string[], options: { trace?: boolean; json?: boolean }) => {
      process.exitCode = runScenarioCommand(paths, options, print);
    });

  program.command('play')
    .description('play a sample game with Time Stop and print its history, rule by rule')
    .action(() => playDemo(print));

  return program;
}

buildProgram().parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`mtg-turn-machine: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
