// Emitting records is linear in their number (issue 21: XState's deferred `emit` queue, shifted
// one by one, made one send of 160,000 records take 12 s). One pass puts N reported triggered
// abilities on the stack (N records, one for each put); the CPU time of that send, for N doubling. `npx tsx bench/emission.ts`.
import { createGame } from '../src/index.js';

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

for (const n of [10_000, 20_000, 40_000, 80_000]) {
  const limits = { maxPendingTriggers: n, maxStack: n, maxRegisteredTriggers: n };
  const game = createGame({ players: ['A', 'B'], limits });
  for (let i = 0; i < n; i += 1) game.send({ type: 'trigger.report', ability: { id: `r${i}`, controller: i % 2 ? 'A' : 'B', effects: [] } });
  let records = 0;
  game.actor.on('history', () => { records += 1; });
  const c0 = cpu();
  const refusal = game.send({ type: 'priority.pass', player: 'A' });
  const ms = cpu() - c0;
  console.log(`${n.toLocaleString('en')} abilities: ${records.toLocaleString('en')} records in one send, ${ms.toFixed(0)} ms CPU (${(ms * 1000 / records).toFixed(2)} µs a record)${refusal ? ` — refused: ${refusal.reason}` : ''}`);
  game.stop();
}
