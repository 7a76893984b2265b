// Writes the golden saves of this release to test/fixtures/saves/ (npm run saves -w packages/host):
// scripted games played through a host's table, each cut at a moment worth keeping, exported as
// a save (log + snapshot + view). Committed: every later release must restore them (saves.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exportSave, memoryStorage, Table, type Role } from '../src/index.js';
import { scriptedGame, type Script } from './scripts.js';

export const SAVES_DIR = fileURLToPath(new URL('../../../test/fixtures/saves/', import.meta.url));

interface Cut {
  file: string;
  description: string;
  script: Script;
  /** The version to save at: the first at which this holds. */
  at: (view: Script['views'][number], version: number) => boolean;
}

const duel = scriptedGame('duel', { players: ['A', 'B'] }, 2026, 120);
const teams = scriptedGame('2hg', { players: ['A', 'B', 'C', 'D'], teams: [['A', 'B'], ['C', 'D']], options: { variant: 'twoHeadedGiant' } }, 805, 120);
const four = scriptedGame('four', { players: ['A', 'B', 'C', 'D'] }, 4, 140);

const CUTS: Cut[] = [
  { file: 'v1-duel-mid-turn.json', description: 'a duel in its third turn\'s upkeep, a spell on the stack', script: duel, at: (v) => v.turn === 3 && v.stack.length > 0 },
  { file: 'v1-duel-mid-723-time-stop-on-the-stack.json', description: 'Time Stop cast, on the stack: resolving it ends the turn (723.1)', script: duel, at: (v) => v.stack.includes('timeStop2') },
  { file: 'v1-duel-mid-723-under-two-spells.json', description: 'Time Stop under two spells: they resolve first, then it ends the turn (723.1b exiles what is left)', script: duel, at: (v) => v.stack.length === 3 && v.stack[0] === 'timeStop4' },
  { file: 'v1-duel-514.3a-cleanup-priority.json', description: 'a trigger in cleanup: players get priority, another cleanup step follows (514.3a)', script: duel, at: (v) => v.turn === 1 && v.step === 'cleanup' && v.stack.length > 0 },
  { file: 'v1-2hg-cleanup-priority.json', description: 'Two-Headed Giant, a trigger and spells in cleanup (514.3a, 805)', script: teams, at: (v) => v.turn === 1 && v.step === 'cleanup' && v.stack.length === 3 },
  { file: 'v1-2hg-mid-723.json', description: 'Two-Headed Giant: Time Stop on the stack in a team\'s turn (723.1, 805)', script: teams, at: (v) => v.stack.some((s) => s.startsWith('timeStop')) },
  { file: 'v1-2hg-mid-turn.json', description: 'Two-Headed Giant, the fourth turn\'s upkeep, two spells on the stack', script: teams, at: (v) => v.turn === 4 && v.stack.length === 2 },
  { file: 'v1-four-players-turn-3.json', description: 'four players, free-for-all, the third turn', script: four, at: (v) => v.turn === 3 && v.step === 'draw' },
];

export async function makeSaves(): Promise<string[]> {
  mkdirSync(SAVES_DIR, { recursive: true });
  const written: string[] = [];
  for (const cut of CUTS) {
    const version = cut.script.views.findIndex((view, v) => cut.at(view, v));
    if (version < 0) throw new Error(`${cut.file}: the script never reaches the moment`);
    const storage = memoryStorage();
    const table = new Table({ storage });
    const game = await table.create(cut.script.input);
    for (const { by, event } of cut.script.events.slice(0, version)) {
      const role: Role = by === 'engine' ? { kind: 'engine' } : { kind: 'seat', player: by };
      const result = await table.send(game.id, role, event);
      if (result.type !== 'accepted') throw new Error(`${cut.file}: ${result.reason}`);
    }
    const save = await exportSave(storage, game.id, { name: cut.file.replace(/\.json$/, ''), description: cut.description });
    writeFileSync(`${SAVES_DIR}${cut.file}`, `${JSON.stringify(save, null, 1)}\n`);
    written.push(cut.file);
    await table.close();
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const file of await makeSaves()) console.log(`wrote test/fixtures/saves/${file}`);
}
