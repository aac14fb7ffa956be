// npx tsx scripts/bench/gateway/profile.ts FILE.cpuprofile [--top N] [--callers NAME]
//
// Summarises a V8 CPU profile (node --cpu-prof) by self time: per package (node_modules/<name>,
// our own code, Node's internals, GC, idle) and per function, as a share of the busy time. Used on
// the gateway's profiles that `npm run bench:gateway -- --profile DIR` writes. --callers NAME prints
// the call stacks (5 frames up) that the self time of functions named NAME was spent under.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' }, callers: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  process.stderr.write('usage: npx tsx scripts/bench/gateway/profile.ts FILE.cpuprofile [--top N]\n');
  process.exit(2);
}
const top = Number(values.top);

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

/** Where a frame's code lives: a package, our own code, Node's internals, or V8's own entries. */
function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName || 'native'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = /\/(gateway|services\/kit)\/(dist|src)\//.exec(url);
  return ours ? `ours:${ours[1]}` : url;
}

const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
const packages = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  const frame = node.callFrame;
  if (frame.functionName === '(idle)') {
    idle += us;
    continue;
  }
  total += us;
  add(packages, packageOf(frame), us);
  const where = frame.url
    ? `${frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(gateway|services)\//, '$1/')}:${frame.lineNumber + 1}`
    : '';
  add(functions, `${frame.functionName || '(anonymous)'} ${where}`, us);
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
const print = (title: string, map: Map<string, number>) => {
  process.stdout.write(`\n${title}\n`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${ms(us)} ${pct(us)}  ${key}\n`);
  }
};
process.stdout.write(
  `${file}: ${ms(total).trim()} busy, ${ms(idle).trim()} idle over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s\n`,
);
print('self time by package', packages);
print('self time by function', functions);

if (values.callers) {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/node_modules\//, '').replace(/^.*\/(gateway|services)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const stacks = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName !== values.callers) continue;
    const chain: string[] = [];
    for (let p = parent.get(id); p !== undefined && chain.length < 5; p = parent.get(p))
      chain.push(label(byId.get(p)!));
    add(stacks, chain.join('\n      < '), us);
  }
  print(`stacks under ${values.callers}`, stacks);
}
