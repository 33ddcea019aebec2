// `make soak`: a long session on one server.  10,000 sequential run_python
// calls of code that makes and drops a lot of garbage (containers, strings,
// instances in reference cycles, a class redefined each call), then checks
// that the worker's resident memory stayed flat: at the end within 10% of
// what it was once warmed up.  Not part of `make test` (it takes a while);
// it needs nothing but node.
//
// With `defs`, each call defines functions, a class with methods, lambdas,
// generators and a caught traceback, keeps them in one of 50 rotating
// globals and so drops what the call 50 before kept: a call's lowered
// program must go with the last object using it.
//
//   node tests/mcp/soak.mjs build/safepy [CALLS] [defs]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const bin = process.argv[2];
const calls = Number(process.argv[3] || 10000);
const defs = process.argv[4] === 'defs';
if (!bin || !(calls > 0)) {
  console.error('usage: node tests/mcp/soak.mjs SAFEPY [CALLS]');
  process.exit(64);
}
const WARM = Math.min(500, Math.floor(calls / 10));

const CODE = `
class Node:
    def __init__(self, v):
        self.v = v
        self.me = self          # a cycle: only the collector frees it
data = [{'k': str(i) * 3, 'v': [i] * 10, 'n': Node(i)} for i in range(300)]
total = sum(len(d['v']) for d in data) + len(' '.join(d['k'] for d in data))
pairs = {(i, str(i)): [i, i + 1] for i in range(200)}
del data, pairs
total
`;

const defsCode = (i) => `
def make_${i % 50}(k, scale=${i}):
    def inner(x):
        return (x + k) * scale
    return inner
class Shape:
    sides = ${i % 7}
    def __init__(self, n):
        self.n = n
        self.parts = [self] * 3
    def area(self):
        return self.n * self.sides
def counter(n):
    try:
        for j in range(n):
            yield j * ${i}
    finally:
        pass
g = counter(10)
next(g)
try:
    {}['missing ${i}']
except KeyError as e:
    err = e
keep_${i % 50} = (make_${i % 50}(1), Shape(${i}).area, lambda y: y + ${i}, g, err,
                  (s * 2 for s in range(5)), Shape)
del g, err
total = sum(keep_${i % 50}[0](j) for j in range(100)) + keep_${i % 50}[1]()
data = [{'k': str(j) * 3, 'v': [j] * 10, 'n': Shape(j)} for j in range(200)]
del data
total
`;

const proc = spawn(bin, ['mcp'], { stdio: ['pipe', 'pipe', 'inherit'] });
let buf = '';
let waiter = null;
proc.stdout.setEncoding('utf8');
proc.stdout.on('data', (d) => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\n')) >= 0) {
    const line = buf.slice(0, i);
    buf = buf.slice(i + 1);
    const w = waiter;
    waiter = null;
    w?.(JSON.parse(line));
  }
});
proc.on('exit', (code, sig) => {
  if (waiter) {
    console.error(`soak: the server exited (${code ?? sig}) mid-run`);
    process.exit(1);
  }
});

function request(id, method, params) {
  return new Promise((resolve) => {
    waiter = resolve;
    proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
  });
}

function workerRssKb() {
  const kids = readFileSync(`/proc/${proc.pid}/task/${proc.pid}/children`, 'utf8').trim().split(/\s+/);
  if (kids.length !== 1 || !kids[0]) throw new Error(`expected one worker, found: ${kids.join(' ')}`);
  const status = readFileSync(`/proc/${kids[0]}/status`, 'utf8');
  return { pid: Number(kids[0]), kb: Number(/^VmRSS:\s+(\d+)/m.exec(status)[1]) };
}

await request(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'soak', version: '0' } });
let base = null;
const t0 = Date.now();
for (let i = 1; i <= calls; i++) {
  const code = defs ? defsCode(i) : CODE;
  const m = await request(i, 'tools/call', { name: 'run_python', arguments: { code } });
  const sc = m.result?.structuredContent;
  if (!sc || sc.status !== 'ok') {
    console.error(`soak: call ${i} failed: ${JSON.stringify(m).slice(0, 500)}`);
    process.exit(1);
  }
  if (i === WARM) base = workerRssKb();
  if (i === 1 || i % 1000 === 0) console.log(`  ${i} calls: worker ${workerRssKb().kb} kB`);
}
const end = workerRssKb();
const secs = (Date.now() - t0) / 1000;
proc.stdin.end();
if (end.pid !== base.pid) {
  console.error('soak: the worker was replaced during the run');
  process.exit(1);
}
const growth = (end.kb - base.kb) / base.kb;
console.log(`soak: ${calls} calls in ${secs.toFixed(1)} s; worker resident memory ${base.kb} kB after ` +
            `${WARM} calls, ${end.kb} kB at the end (${(growth * 100).toFixed(1)}%, ` +
            `${((end.kb - base.kb) * 1024 / (calls - WARM)).toFixed(0)} bytes a call)`);
if (growth > 0.10) {
  console.log('soak: FAIL: the worker grew more than 10%');
  process.exit(1);
}
console.log('soak: ok: flat within 10%');
