// Two tables on one storage are two hosts on one database, in one process: a host that lost a
// write to the other goes back to what is stored, changing nothing; an event sent with no
// expectVersion is judged again, once, on the game as it now is.
import { describe, expect, it } from 'vitest';
import { memoryStorage, Table } from '../src/index.js';

const seat = (player: string) => ({ kind: 'seat' as const, player });
const pass = (player: string) => ({ type: 'priority.pass', player });

describe('two tables on one storage', () => {
  it('the stale host refuses a stale expectVersion, and takes an event with none on the current game', async () => {
    const storage = memoryStorage();
    const one = new Table({ storage });
    const two = new Table({ storage });
    const { id } = await one.create({ players: ['A', 'B'] });
    await two.state(id, seat('A'));
    // 117.3d: A passes through host one: B holds priority at version 1. Host two still has version 0 live.
    expect(await one.send(id, seat('A'), pass('A'), 0)).toEqual({ type: 'accepted', version: 1 });
    expect(await two.send(id, seat('B'), pass('B'), 0)).toMatchObject({ type: 'refused', rule: 'version' });
    // Another write host two does not know of: it judges against version 1, loses the race, reloads, judges again.
    expect(await one.send(id, seat('B'), { type: 'spell.cast', object: { id: 's', controller: 'B', type: 'instant', effects: [] } }, 1)).toEqual({ type: 'accepted', version: 2 });
    const answer = await two.send(id, seat('B'), pass('B'));
    expect(answer).toEqual({ type: 'accepted', version: 3 });
    expect((await storage.log(id)).map((e) => [e.version, e.by, (e.event as { type: string }).type])).toEqual([[1, 'A', 'priority.pass'], [2, 'B', 'spell.cast'], [3, 'B', 'priority.pass']]);
    expect((await one.state(id, seat('A'))).view).toEqual((await two.state(id, seat('A'))).view);
    await one.close();
    await two.close();
  });
});
