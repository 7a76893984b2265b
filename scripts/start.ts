// `npm start [-- --port N --host H]`: builds the CLI and the visualizer page only if a source is newer
// than them, then runs `mtg-turn-machine visualize` in this very process. package.json starts it with
// `exec`, so npm's own process is this one's parent with no shell between: Ctrl-C, or SIGTERM sent to
// npm (which npm forwards), reaches the server, which closes and frees its port.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildProject, ROOT } from './build.js';

await buildProject(['cli', 'visualizer'], { log: (line) => console.error(line) });
const cli = join(ROOT, 'packages', 'cli', 'dist', 'cli.js');
process.argv = [process.argv[0], cli, 'visualize', ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);
