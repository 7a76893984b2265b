// The architecture's lint rules (eslint.architecture.js) fire on a planted bad import in
// each layer, and stay quiet on the imports the layer is allowed.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layers import only what is below them', () => {
  it.each([
    ['src/scenario/planted.ts', "import { refusalOf as x } from '../rules/legality.js';", /public entries only/],
    ['src/scenario/planted.ts', "import { turnMachine as x } from '../../machines/turn.js';", /public entries only/],
    ['src/scenario/planted.ts', "import { parse as x } from '../vocabulary/parse.js';", /public entries only/],
    ['src/visualizer/app/planted.ts', "import { view as x } from '../../api/view.js';", /public entries only/],
    ['src/visualizer/app/planted.ts', "import { startVisualizer as x } from '../../server/server.js';", /does not import the CLI or the servers/],
    ['src/cli/planted.ts', "import { beginDraft as x } from '../rules/draft.js';", /public entries only/],
    ['src/inspect/planted.ts', "import { startVisualizer as x } from '../server/server.js';", /below the servers/],
    ['bench/planted.ts', "import { turnGuards as x } from '../src/machine/guards.js';", /public entries only/],
    ['bench/planted.ts', "import { createPlayout as x } from '../src/playout/playout.js';", /public entries only/],
    ['src/playout/planted.ts', "import { runScenario as x } from '../scenario/index.js';", /does not import the runner/],
    ['src/rules/planted.ts', "import { createActor as x } from 'xstate';", /no XState below the machine glue/],
    ['src/statechart/planted.ts', "import { createActor as x } from 'xstate';", /runs charts without XState/],
    ['src/statechart/planted.ts', "import type { GameContext as x } from '../rules/types.js';", /imports nothing outside itself/],
    ['src/statechart/planted.ts', "import { PHASES as x } from '../vocabulary/index.js';", /imports nothing outside itself/],
    ['src/machine/planted.ts', "import { macrostep as x } from '../statechart/index.js';", /only the playout runs the chart/],
    ['src/api/planted.ts', "import { macrostep as x } from '../statechart/index.js';", /only src\/playout imports the statechart/],
    ['bench/planted.ts', "import { macrostep as x } from '../src/statechart/index.js';", /public entries only/],
    ['src/rules/planted.ts', "import { view as x } from '../api/view.js';", /imports only the vocabulary/],
    ['src/vocabulary/planted.ts', "import type { GameContext as x } from '../rules/types.js';", /imports nothing outside itself/],
    ['src/machine/planted.ts', "import { createGame as x } from '../api/game.js';", /does not import the API/],
    ['src/machine/planted.ts', "import { turnStatechart as x } from '../../machines/turn.js';", /glue does not import the chart/],
    ['machines/planted.ts', "import { turnMachine as x } from '../src/api/machine.js';", /does not import the API/],
    ['machines/planted.ts', "import { createGame as x } from '../src/index.js';", /does not import the API/],
    ['src/api/planted.ts', "import { runScenario as x } from '../scenario/index.js';", /does not import the runner/],
    ['packages/host/src/planted.ts', "import { view as x } from '../../../src/api/view.js';", /imports only its own files/],
    ['packages/host/src/planted.ts', "import { parse as x } from 'mtg-turn-machine/vocabulary';", /public entry `mtg-turn-machine` only/],
  ])('%s: %s is refused', async (file, code, message) => {
    const messages = await restrictedImports(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each([
    ['src/scenario/planted.ts', "import { createGame as x } from '../index.js';"],
    ['src/scenario/planted.ts', "import { parse as x } from '../vocabulary/index.js';"],
    ['src/visualizer/app/planted.ts', "import { runScenario as x } from '../../scenario/index.js';"],
    ['src/cli/planted.ts', "import { startVisualizer as x } from '../server/server.js';"],
    ['src/rules/planted.ts', "import { PHASES as x } from '../vocabulary/index.js';"],
    ['machines/planted.ts', "import { turnActions as x } from '../src/machine/actions.js';"],
    ['src/api/planted.ts', "import { turnStatechart as x } from '../../machines/turn.js';"],
    ['bench/planted.ts', "import { createGame as x } from '../src/index.js';"],
    ['bench/planted.ts', "import { createPlayout as x } from '../src/playout/index.js';"],
    ['src/playout/planted.ts', "import { macrostep as x } from '../statechart/index.js';"],
    ['src/statechart/planted.ts', "import { compileChart as x } from './chart.js';"],
    ['packages/host/src/planted.ts', "import { createGame as x } from 'mtg-turn-machine';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});
