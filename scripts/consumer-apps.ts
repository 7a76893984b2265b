// Three users' projects for the consumer check (scripts/consumer-check.ts), each a fresh folder that
// installs the library's tarball from disk and everything else from the npm registry:
//   - a Vite + React app on mtg-turn-machine/react (type-checked strictly, built, and — when Chromium is
//     installed — opened in it: every record of turn 1 shown on load, a refusal, a pass);
//   - a Jest 30 project that require()s the package (Jest loads CommonJS only: a real CommonJS build);
//   - a plain Node project running mtg-turn-machine/testing's paths against examples/engine's engine.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fail, run, say } from './consumer-check.js';
import { ROOT } from './build.js';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const install = (app: string, packages: string[]) => run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packages], app);

function newApp(parent: string, name: string, manifest: object = {}): string {
  const app = join(parent, name);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, ...manifest }, null, 2));
  return app;
}

function write(app: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(app, path, '..'), { recursive: true });
    writeFileSync(join(app, path), text);
  }
}

// ---- Vite + React ------------------------------------------------------------------------------

const REACT_APP = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { describeRecord, pass, toEvent, type PlayerId } from 'mtg-turn-machine';
import { useGame } from 'mtg-turn-machine/react';

function Table({ players }: { players: PlayerId[] }) {
  const { view, history, legalActions, seats, send, refusal } = useGame({ players });
  return (
    <main>
      <p data-testid="where">turn {view.turn} {view.step ?? view.phase}, priority {view.priority ?? 'nobody'}</p>
      <p data-testid="records">{history.length}</p>
      <p data-testid="first">{history.length > 0 ? describeRecord(history[0]) : ''}</p>
      {players.map((player) => (
        <section key={player} data-seat={player}>
          {legalActions[player].map((action) => action.type === 'priority.pass' && (
            <button key={action.type} onClick={() => send(toEvent(action, { player }))}>{player} passes</button>
          ))}
        </section>
      ))}
      <button data-testid="out-of-turn" onClick={() => seats[players[1]].send(pass(players[1]))}>{players[1]} passes out of turn</button>
      <p data-testid="refusal">{refusal ? \`\${refusal.reason} (\${refusal.rule})\` : ''}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Table players={['Ann', 'Bo']} /></StrictMode>);
`;

const REACT_FILES: Record<string, string> = {
  'index.html': '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>table</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
  'src/main.tsx': REACT_APP,
  'vite.config.ts': "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n\nexport default defineConfig({ plugins: [react()] });\n",
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: false,
      verbatimModuleSyntax: true, isolatedModules: true, lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [],
    },
    include: ['src'],
  }),
};

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A static server of `dir` on a free local port. */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    resolve({ server, url: `http://127.0.0.1:${address.port}/` });
  }));
}

/** The built app in Chromium: the records of turn 1 on load, a seat's refusal (117.1), passes moving priority (117.3d). */
async function smokeInChromium(app: string, records: number): Promise<string> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return 'not opened in Chromium (none installed)';
  const { chromium } = await import('playwright-core');
  const { server, url } = await serve(join(app, 'dist'));
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.getByTestId('where').waitFor();
    const text = (id: string) => page.getByTestId(id).innerText();
    const check = async (id: string, expected: string | RegExp) => {
      const seen = await text(id);
      if (typeof expected === 'string' ? seen !== expected : !expected.test(seen)) fail(`the React app's ${id}: "${seen}", expected ${expected}`);
    };
    await check('records', String(records));
    await check('first', /turn 1 begins/);
    await check('where', 'turn 1 upkeep, priority Ann');
    await page.getByTestId('out-of-turn').click();
    await check('refusal', /\(117\.1\)$/);
    await page.getByRole('button', { name: 'Ann passes', exact: true }).click();
    await check('where', 'turn 1 upkeep, priority Bo');
    await check('refusal', '');
    await page.getByRole('button', { name: 'Bo passes', exact: true }).click();
    await check('where', 'turn 1 precombatMain, priority Ann'); // 103.8a: no draw in turn 1 of a two-player game
    if (errors.length > 0) fail(`the React app threw: ${errors.join('; ')}`);
    return `in Chromium: ${records} records of turn 1 on load, a refusal, two passes`;
  } finally {
    await browser.close();
    server.close();
  }
}

export async function checkViteReactApp(tarball: string, parent: string): Promise<void> {
  const app = newApp(parent, 'app-vite-react', { type: 'module' });
  write(app, REACT_FILES);
  install(app, [tarball, 'xstate', 'react@19', 'react-dom@19', '@types/react@19', '@types/react-dom@19', 'vite@8', '@vitejs/plugin-react@6']);
  run(process.execPath, [TSC, '-p', 'tsconfig.json'], app);
  run(join(app, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], app);
  const records = Number(run(process.execPath, ['--input-type=module', '-e',
    "import { createGame } from 'mtg-turn-machine'; console.log(createGame({ players: ['Ann', 'Bo'] }).history.length);"], app).trim());
  const vite = JSON.parse(readFileSync(join(app, 'node_modules', 'vite', 'package.json'), 'utf8')).version as string;
  say(`Vite ${vite} + React app on mtg-turn-machine/react: type-checks, builds; ${await smokeInChromium(app, records)}`);
}

// ---- Jest --------------------------------------------------------------------------------------

const JEST_TEST = `const { createGame, pass, cast, view, SnapshotError } = require('mtg-turn-machine');
const { validateScenario } = require('mtg-turn-machine/scenario');
const { PHASES } = require('mtg-turn-machine/vocabulary');
const { turnPaths, playTurnPath } = require('mtg-turn-machine/testing');

test('the package is CommonJS here (Jest requires it, no ES module in between)', () => {
  expect(require.resolve('mtg-turn-machine')).toMatch(/index\\.cjs$/);
  expect(typeof SnapshotError).toBe('function');
  expect(PHASES).toHaveLength(5);
});

test('Time Stop in the upkeep ends turn 1 (723.1): turn 2 begins, the spell exiled', () => {
  const game = createGame({ players: ['Ann', 'Bo'], options: { history: 'all' } }); // the whole game's zones
  expect(game.send(cast({ id: 'timeStop', controller: 'Ann', type: 'instant', effects: [{ endTurn: {} }] }))).toBeNull();
  game.send(pass('Ann'));
  game.send(pass('Bo'));
  const seen = view(game.snapshot());
  expect([seen.turn, seen.activePlayer, seen.step]).toEqual([2, 'Bo', 'upkeep']);
  expect(seen.zones.exile).toContain('timeStop');
  expect(game.send(pass('Ann'))).toMatchObject({ rule: '117.1' });
});

test('scenarios validate', () => {
  expect(validateScenario({ name: 'x', players: ['A', 'B'], script: [{ passAll: true }] }).ok).toBe(true);
});

test.each(turnPaths({ family: '514.3a' }).map((path) => [path.name, path]))('514.3a: %s', (_name, path) => {
  playTurnPath(path);
});
`;

export function checkJest(tarball: string, parent: string): void {
  const app = newApp(parent, 'app-jest', { type: 'commonjs', scripts: { test: 'jest --ci' }, jest: { testEnvironment: 'node' } });
  write(app, { 'game.test.js': JEST_TEST });
  install(app, [tarball, 'xstate', 'jest@30']);
  // jest fails when a test fails or when it finds none.
  run(join(app, 'node_modules', '.bin', 'jest'), ['--ci', '--colors=false'], app);
  const jest = JSON.parse(readFileSync(join(app, 'node_modules', 'jest', 'package.json'), 'utf8')).version as string;
  say(`Jest ${jest} on Node ${process.version}: require('mtg-turn-machine'), /scenario, /vocabulary, /testing; a game and the 514.3a paths pass`);
}

// ---- plain Node: mtg-turn-machine/testing against examples/engine ---------------------------------

const PATHS_SCRIPT = `import { view } from 'mtg-turn-machine';
import { pathFamilies, playTurnPath, turnPaths } from 'mtg-turn-machine/testing';
import { Engine, plainsSetup } from './out/engine.js';

const families = ['103.8', '508.8', '510.4', '500.11', '614.10a', '723.1d', '723.2', '514.3a'];
let played = 0;
for (const family of families) {
  for (const path of turnPaths({ family })) {
    const engine = new Engine(plainsSetup(path.input), path.input);
    const { final } = playTurnPath(path, { game: engine.game }); // throws a RuleError naming the rule
    for (const player of view(final).players) {
      if (engine.players[player].hand.length !== view(final).handSize[player]) {
        throw new Error(\`\${path.family} — \${path.name}: \${player}'s hand is \${engine.players[player].hand.length} in the engine, \${view(final).handSize[player]} in the machine (504.1, 514.1)\`);
      }
    }
    played += 1;
  }
}
console.log(\`paths ok: \${played} paths of \${families.length} families (\${pathFamilies().length} in all)\`);
`;

export function checkTestingPaths(tarball: string, parent: string): void {
  const app = newApp(parent, 'app-node-testing', { type: 'module' });
  write(app, {
    'engine.ts': readFileSync(join(ROOT, 'examples', 'engine', 'src', 'engine.ts'), 'utf8'),
    'paths.mjs': PATHS_SCRIPT,
    'tsconfig.json': JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, outDir: 'out', skipLibCheck: false, types: [] },
      files: ['engine.ts'],
    }),
  });
  install(app, [tarball, 'xstate']);
  run(process.execPath, [TSC, '-p', 'tsconfig.json'], app);
  const output = run(process.execPath, ['paths.mjs'], app).trim();
  if (!/^paths ok: [1-9]\d* paths of 8 families/.test(output)) fail(`the testing paths against the example engine printed ${output}`);
  say(`plain Node on mtg-turn-machine/testing: examples/engine's engine, ${output.slice('paths ok: '.length)}`);
}
