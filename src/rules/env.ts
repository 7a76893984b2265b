import type { Env } from '../vocabulary/index.js';
import type { GameContext } from './types.js';

const envs = new WeakMap<object, Env>();

/** What references in events and objects are checked against: the game's players and teams, its limits. */
export function envOf(ctx: GameContext): Env {
  let env = envs.get(ctx.players);
  if (!env) {
    const teams = ctx.teams === null ? null : new Map(Object.entries(ctx.teams));
    env = { players: new Set(ctx.players), teams, limits: ctx.limits };
    envs.set(ctx.players, env);
  }
  return env;
}
