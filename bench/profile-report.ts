// Summarises a V8 .cpuprofile: self and inclusive time per function, self time per origin
// (our src/, machines/, xstate, boardgame.io, node, GC), and the hottest lines of the top
// functions (V8 attributes built-ins such as Object.assign to the calling line).
//   npx tsx bench/profile-report.ts FILE.cpuprofile [top=25] [filter]   (e.g. one from node --cpu-prof)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; hitCount?: number; children?: number[]; positionTicks?: { line: number; ticks: number }[] }
export interface Profile { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[]; startTime: number; endTime: number }

export function printReport(profile: Profile, top = 25, filter?: string): void {
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function origin(url: string, name: string): string {
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)' || name === '(idle)' || name === '(root)') return name;
  if (url.includes('/node_modules/xstate/')) return 'xstate';
  if (url.includes('/node_modules/boardgame.io/') || url.includes('/node_modules/immer/')) return 'boardgame.io (+immer)';
  if (url.includes('/node_modules/')) return 'other node_modules';
  if (url.includes('/src/')) return 'ours: src/';
  if (url.includes('/machines/')) return 'ours: machines/';
  if (url.includes('/bench/')) return 'bench';
  if (url.startsWith('node:') || url === '') return 'node/V8 builtins';
  return 'other';
}

const short = (url: string) => url.replace(/^file:\/\//, '').replace(/.*\/(node_modules\/[^/]+\/|src\/|machines\/|bench\/)/, '$1');
const key = (f: CallFrame) => `${f.functionName || '(anonymous)'}  ${short(f.url)}:${f.lineNumber + 1}`;

// Sample times: each sample's delta is the time until the next one.
const sampleTime = new Map<number, number>();
const deltas = profile.timeDeltas ?? [];
(profile.samples ?? []).forEach((id, i) => {
  const dt = deltas[i + 1] ?? 0;
  sampleTime.set(id, (sampleTime.get(id) ?? 0) + dt);
});
let total = 0;
for (const t of sampleTime.values()) total += t;

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const byOrigin = new Map<string, number>();
for (const [id, t] of sampleTime) {
  const node = byId.get(id)!;
  const k = key(node.callFrame);
  self.set(k, (self.get(k) ?? 0) + t);
  const o = origin(node.callFrame.url, node.callFrame.functionName);
  byOrigin.set(o, (byOrigin.get(o) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const ck = key(byId.get(cur)!.callFrame);
    if (seen.has(ck)) continue;
    seen.add(ck);
    inclusive.set(ck, (inclusive.get(ck) ?? 0) + t);
  }
}

const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
const print = (title: string, map: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  [...map.entries()]
    .filter(([k]) => !filter || k.includes(filter))
    .sort((a, b) => b[1] - a[1]).slice(0, n)
    .forEach(([k, t]) => console.log(`${pct(t)}  ${k}`));
};
console.log(`profile: ${(total / 1e6).toFixed(2)} s sampled`);
print('self time by origin', byOrigin, 20);
print('self time by function', self, top);
print('inclusive time by function', inclusive, top);
const lines = new Map<string, Map<number, number>>();
for (const n of profile.nodes) {
  const k = key(n.callFrame);
  for (const t of n.positionTicks ?? []) {
    const m = lines.get(k) ?? new Map<number, number>();
    m.set(t.line, (m.get(t.line) ?? 0) + t.ticks);
    lines.set(k, m);
  }
}
console.log('\nhottest lines of the top 5 functions (share of that function\'s own samples)');
for (const [k] of [...self.entries()].filter(([f]) => !f.startsWith('(')).sort((a, b) => b[1] - a[1]).slice(0, 5)) {
  const m = lines.get(k);
  if (!m) continue;
  const total = [...m.values()].reduce((a, b) => a + b, 0);
  const hot = [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([line, t]) => `line ${line}: ${Math.round((100 * t) / total)} %`);
  console.log(`  ${k}  →  ${hot.join(', ')}`);
}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, topArg, filter] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-report.ts FILE.cpuprofile [top] [filter]');
  printReport(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(topArg ?? 25), filter);
}
