// Events the playout handed out itself (`legalEvents`), which its boundary need not check again.
// The boundary cannot be fooled by this: an event is trusted by its identity (a WeakMap holds the
// objects the playout made from what `acceptEvent` accepted), and it is deep-frozen before it is
// handed out, so it cannot be changed afterwards (in strict code a change throws). Anything else —
// a copy, a look-alike, a Proxy of a trusted event, an object made from one — is another object
// and is checked whole. Trust holds for the `Env` the event was checked against (the players,
// teams and limits): a game with another Env checks it again.
import { envOf } from '../rules/env.js';
import type { GameContext } from '../rules/types.js';
import type { Env, TurnEvent } from '../vocabulary/index.js';

/** Each trusted event, with the key of the Env it was accepted for. */
const trusted = new WeakMap<object, string>();
const envKeys = new WeakMap<Env, string>();

/** The Env as a value: two games with the same players, teams and limits check events alike. */
function envKey(env: Env): string {
  let key = envKeys.get(env);
  if (key === undefined) {
    key = JSON.stringify([[...env.players], env.teams === null ? null : [...env.teams], env.limits]);
    envKeys.set(env, key);
  }
  return key;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** `event`, accepted by the boundary for `ctx`'s game, frozen and trusted from now on. */
export function trust(ctx: GameContext, event: TurnEvent): TurnEvent {
  const key = envKey(envOf(ctx));
  if (trusted.get(event) !== key) trusted.set(deepFreeze(event), key);
  return event;
}

/**
 * Which events a game accepts as they are: those trusted for its Env (accepted as they are);
 * anything else is checked. Asked on every send, so the key of the game's Env is looked up
 * again only when its list of players is another (`envOf` keys the Env by that list).
 */
export class TrustedEvents {
  private players: GameContext['players'] | null = null;
  private key = '';

  constructor(private readonly ctx: GameContext) {}

  /** `raw` when it is an event trusted for this game (accepted as it is), else null: check it. */
  of(raw: unknown): TurnEvent | null {
    if (typeof raw !== 'object' || raw === null) return null;
    const key = trusted.get(raw);
    if (key === undefined) return null;
    const { players } = this.ctx;
    if (players !== this.players) {
      this.key = envKey(envOf(this.ctx));
      this.players = players;
    }
    return key === this.key ? raw as TurnEvent : null;
  }
}
