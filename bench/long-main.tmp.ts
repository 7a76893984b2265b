import { run, longGameLines } from './long.js';
const late = Number(process.argv[2] ?? 1000);
const r = run({ lateTurn: late, turns: [10, 1000, ...(late >= 5000 ? [5000] : [])], replays: Number(process.argv[3] ?? 5), memoryGames: Number(process.argv[4] ?? 300) });
for (const l of longGameLines(r)) console.log(l);
