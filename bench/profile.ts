// CPU profile of one contender playing the script in a loop (the V8 sampling profiler via
// node:inspector, started after the script is built, so only the games are sampled):
//   npx tsx bench/profile.ts [actor|game|bare|bgio|bgio-undo|bgio-client|bgio-lean|bgio-lean-undo|bgio-lean-client] [seconds=8] [top=30]
// Writes $TMPDIR/mtg-turn-machine-profiles/<contender>-<time>.cpuprofile (open it in Chrome DevTools or
// speedscope) and prints self/inclusive time per function and per origin.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';

process.env.NODE_ENV ??= 'production';
const { buildScript, PLAYERS } = await import('./script.js');
const { contenders } = await import('./contenders/index.js');
const { printReport } = await import('./profile-report.js');

const which = process.argv[2] ?? 'actor';
const seconds = Number(process.argv[3] ?? 8);
const top = Number(process.argv[4] ?? 30);
const script = buildScript();
const [contender] = contenders(script.moves, PLAYERS, [which]);
if (!contender) throw new Error(`unknown contender ${which}`);

// Warm up unprofiled, then sample.
for (let t0 = performance.now(); performance.now() - t0 < 1000;) contender.play();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const start = performance.now();
let games = 0;
while (performance.now() - start < seconds * 1000) { contender.play(); games += 1; }
const ms = performance.now() - start;
const { profile } = await session.post('Profiler.stop');
session.disconnect();

const dir = join(tmpdir(), 'mtg-turn-machine-profiles');
mkdirSync(dir, { recursive: true });
const file = join(dir, `${which}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
writeFileSync(file, JSON.stringify(profile));
console.log(`${contender.label}: ${games} games, ${Math.round((games * script.moves.length) / (ms / 1000))} events/s while profiled`);
console.log(`profile: ${file}`);
printReport(profile, top);
