// The architecture, as lint rules (README "Layout"): each layer imports only what is below
// it, and everything outside the library reaches it only through its public entries —
// src/index.ts (the package), src/vocabulary/index.ts (mtg-turn-machine/vocabulary),
// src/playout/index.ts (mtg-turn-machine/playout) and src/scenario/index.ts (mtg-turn-machine/scenario). `npm test` runs eslint, so a bad
// import fails the build; test/architecture.test.ts proves the rules fire.

/** An import whose path goes through one of these folders. */
const through = (...folders) => `(^|/)(${folders.join('|')})/`;
/** Anything reaching past the public entries into the library's inside. */
const PAST_THE_ENTRY = `${through('rules', 'machine', 'machines', 'api', 'statechart')}|(^|/)(vocabulary|playout|scenario)/(?!index\\.js$)`;

const forbid = (files, rules, extra = []) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', {
      paths: extra,
      patterns: rules.map(([regex, message]) => ({ regex, message })),
    }],
  },
});

const NO_XSTATE = [{ name: 'xstate', message: 'the vocabulary and the rules are plain TypeScript: no XState below the machine glue' }];

export const architecture = [
  // The statechart executor knows nothing of Magic nor of XState: it imports only itself.
  forbid(['src/statechart/**/*.ts'], [['^\\.\\./', 'src/statechart imports nothing outside itself: it is a generic executor']],
    [{ name: 'xstate', message: 'src/statechart runs charts without XState: it compiles their config itself' }]),
  // The vocabulary is below everything: it imports only itself.
  forbid(['src/vocabulary/**/*.ts'], [['^\\.\\./', 'src/vocabulary imports nothing outside itself']], NO_XSTATE),
  // The rules: pure functions over the vocabulary.
  forbid(['src/rules/**/*.ts'], [['^\\.\\./(?!vocabulary/)', 'src/rules imports only the vocabulary (and itself)']], NO_XSTATE),
  // The machine glue: rules, vocabulary, xstate; never the chart above it (machines/ imports the
  // glue, src/api/machine.ts composes the two), the API or anything outside.
  forbid(['src/machine/**/*.ts'], [
    [`${through('api', 'playout', 'scenario', 'cli', 'server', 'inspect', 'visualizer', 'export')}|^\\.\\./index\\.js$`,
      'the machine does not import the API or anything built on it'],
    [through('machines'), 'the machine glue does not import the chart: machines/ is above it (src/api/machine.ts puts the two together)'],
    [through('statechart'), 'the machine runs on XState; only the playout runs the chart on src/statechart'],
  ]),
  // The chart: the glue's names and implementations, rules types, vocabulary, xstate; never the API or anything outside.
  forbid(['machines/**/*.ts'], [
    [`${through('api', 'playout', 'scenario', 'cli', 'server', 'inspect', 'visualizer', 'export')}|^\\.\\./src/index\\.js$`,
      'the machine does not import the API or anything built on it'],
    [through('statechart'), 'the machine runs on XState; only the playout runs the chart on src/statechart'],
  ]),
  // The API (the package entry's implementation, the playout included): nothing built on it.
  // Of the API, only the playout runs the chart on the statechart executor.
  forbid(['src/api/**/*.ts', 'src/index.ts'], [
    [through('scenario', 'cli', 'server', 'inspect', 'visualizer', 'export'), 'the API does not import the runner, the CLI, the servers or the visualizer'],
    [through('statechart'), 'only src/playout imports the statechart executor'],
  ]),
  forbid(['src/playout/**/*.ts'], [
    [through('scenario', 'cli', 'server', 'inspect', 'visualizer', 'export'), 'the API does not import the runner, the CLI, the servers or the visualizer'],
  ]),
  // Everything built on the library: its public entries only.
  forbid(['src/scenario/**/*.ts'], [
    [`${through('rules', 'machine', 'machines', 'api')}|(^|/)(vocabulary|playout)/(?!index\\.js$)`, 'the scenario runner uses the public entries only (src/index.ts, src/vocabulary/index.ts, src/playout/index.ts)'],
    [through('cli', 'server', 'inspect', 'visualizer', 'export'), 'the scenario runner is below the CLI, the servers and the visualizer'],
  ]),
  forbid(['src/inspect/**/*.ts'], [
    [PAST_THE_ENTRY, 'the inspector relay uses the public entries only'],
    [through('cli', 'server', 'visualizer', 'export'), 'the inspector relay is below the servers and the visualizer'],
  ]),
  forbid(['src/visualizer/**/*.ts'], [
    [PAST_THE_ENTRY, 'the visualizer uses the public entries only (src/index.ts, src/scenario/index.ts)'],
    [through('cli', 'server', 'export'), 'the visualizer page does not import the CLI or the servers'],
  ]),
  forbid(['src/server/**/*.ts', 'src/export/**/*.ts'], [
    [PAST_THE_ENTRY, 'the servers and the export use the public entries only'],
    [through('cli'), 'the servers and the export are below the CLI'],
  ]),
  forbid(['src/cli/**/*.ts', 'bench/**/*.ts', 'examples/**/*.{ts,tsx}'], [
    [PAST_THE_ENTRY, 'outer parts use the public entries only (src/index.ts, src/vocabulary/index.ts, src/playout/index.ts, src/scenario/index.ts)'],
  ]),
  // mtg-turn-machine/testing and mtg-turn-machine/react: built on the public entry, below everything outside the library.
  forbid(['src/testing/**/*.ts', 'src/react/**/*.{ts,tsx}'], [
    [PAST_THE_ENTRY, 'the testing and react entries use the public entries only'],
    [through('scenario', 'cli', 'server', 'inspect', 'visualizer', 'export'), 'the testing and react entries do not import the runner, the CLI, the servers or the visualizer'],
  ], [
    { name: 'vitest', message: 'the package does not depend on a test runner: runner-specific code stays in test/' },
    { name: 'fast-check', message: 'the package does not depend on fast-check: generators stay in test/fuzz' },
  ]),
  // The table host (packages/host): a user of the package by its name, `mtg-turn-machine`, nothing else of the repository.
  forbid(['packages/host/**/*.ts'], [
    ['^(\\.\\./){2,}', 'the host imports only its own files and packages by name: the library as `mtg-turn-machine`'],
    ['^mtg-turn-machine/', 'the host uses the library\'s public entry `mtg-turn-machine` only'],
  ]),
];
