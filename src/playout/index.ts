// The playout: the turn machine's chart executed without XState's actor, for AI search and servers.
export { createPlayout, type Playout, type PlayoutOptions } from './playout.js';
