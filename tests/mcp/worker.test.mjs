// The broker and its worker process: Python runs in a separate, locked-down
// process; when it dies, hangs or ignores a cancellation, the client gets a
// clear answer, the session is declared lost, and the next call works.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Raw, SLOW, BIN } from './helpers.mjs';

let raw;
afterEach(() => raw?.kill());

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ASAN = /asan/.test(BIN);

// The worker: the only child of the server process.
async function workerPid(proc) {
  for (let i = 0; i < 200; i++) {
    let kids = '';
    try { kids = readFileSync(`/proc/${proc.pid}/task/${proc.pid}/children`, 'utf8').trim(); } catch { /* not yet */ }
    if (kids) return Number(kids.split(/\s+/)[0]);
    await sleep(10);
  }
  throw new Error('no worker process');
}

const call = (id, code) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'run_python', arguments: { code } } });
const text = (m) => m.result.content.map((b) => b.text).join('');

test('SIGKILL of the worker mid-call: a clear result, the state is lost, the next call works', async () => {
  raw = new Raw(['--timeout', '30']);
  let m = await raw.request(1, 'tools/call', call(1, 'x = 41').params);
  assert.equal(m.result.structuredContent.status, 'ok');
  raw.send(call(2, 'while True: pass'));
  await sleep(200);
  const pid = await workerPid(raw.proc);
  process.kill(pid, 'SIGKILL');
  m = await raw.next();
  assert.equal(m.id, 2);
  assert.equal(m.result.isError, true);
  assert.equal(m.result.structuredContent.status, 'error');
  assert.equal(m.result.structuredContent.session_lost, true);
  assert.match(text(m), /killed by signal 9/);
  assert.match(text(m), /state was lost/);
  m = await raw.request(3, 'tools/call', call(3, 'print(6*7)').params);
  assert.equal(m.result.structuredContent.stdout, '42\n');
  m = await raw.request(4, 'tools/call', call(4, 'x').params);
  assert.match(m.result.structuredContent.error, /NameError/);
  assert.notEqual(await workerPid(raw.proc), pid);
  assert.equal((await raw.close()).code, 0);
});

test('a worker that stops answering is killed at the hard deadline and replaced', async () => {
  raw = new Raw(['--timeout', '1']);
  raw.send(call(1, 'while True: pass'));
  await sleep(100);
  const pid = await workerPid(raw.proc);
  process.kill(pid, 'SIGSTOP'); // as if stuck inside C: it never reaches its own limit
  const t0 = Date.now();
  const m = await raw.next(15000 * SLOW);
  const ms = Date.now() - t0;
  assert.equal(m.id, 1);
  assert.equal(m.result.structuredContent.status, 'limit');
  assert.equal(m.result.structuredContent.limit, 'time');
  assert.equal(m.result.structuredContent.session_lost, true);
  assert.match(text(m), /killed its sandbox process/);
  assert.ok(ms < 10000 * SLOW, `took ${ms} ms`);
  const r = await raw.request(2, 'tools/call', call(2, 'print(1)').params);
  assert.equal(r.result.structuredContent.stdout, '1\n');
  assert.equal((await raw.close()).code, 0);
});

test('a cancelled call that does not stop within 100 ms: worker replaced, next call told', async () => {
  raw = new Raw(['--timeout', '30']);
  await raw.request(1, 'tools/call', call(1, 'y = 5').params);
  raw.send(call(2, 'while True: pass'));
  await sleep(200);
  const pid = await workerPid(raw.proc);
  process.kill(pid, 'SIGSTOP');
  raw.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
  await sleep(400);
  const m = await raw.request(3, 'tools/call', call(3, 'print(2)').params);
  assert.equal(m.id, 3, 'the cancelled call got no reply');
  assert.equal(m.result.structuredContent.stdout, '2\n');
  assert.equal(m.result.structuredContent.session_lost, true);
  assert.match(text(m), /did not stop within 100 ms/);
  const again = await raw.request(4, 'tools/call', call(4, 'print(3)').params);
  assert.equal(again.result.structuredContent.session_lost, undefined, 'told only once');
  assert.equal((await raw.close()).code, 0);
});

test('a worker killed between calls: the next call says the session was lost', async () => {
  raw = new Raw();
  await raw.request(1, 'tools/call', call(1, 'z = 1').params);
  process.kill(await workerPid(raw.proc), 'SIGKILL');
  await sleep(200);
  const m = await raw.request(2, 'tools/call', call(2, 'print(3)').params);
  assert.equal(m.result.structuredContent.stdout, '3\n');
  assert.equal(m.result.structuredContent.session_lost, true);
  assert.match(text(m), /between calls/);
  assert.equal((await raw.close()).code, 0);
});

// under qemu-user (tests/aarch64.sh) /proc shows qemu's process, which loads no guest filter
const QEMU = process.env.SAFEPY_QEMU_NO_SECCOMP === '1';
test('the worker runs locked down: seccomp filter, no new privileges, rlimits', { skip: (ASAN && 'sanitizer builds skip the lockdown') || (QEMU && 'qemu-user cannot show the lockdown: tests/aarch64_syscalls.py checks the policy') }, async () => {
  raw = new Raw();
  await raw.request(1, 'tools/call', call(1, 'pass').params);
  const pid = await workerPid(raw.proc);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  assert.match(status, /^Seccomp:\s+2$/m);
  assert.match(status, /^NoNewPrivs:\s+1$/m);
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  assert.match(limits, /Max open files\s+3\s+3/);
  assert.match(limits, /Max core file size\s+0\s+0/);
  // The broker itself runs no Python and has no filter of its own.
  assert.match(readFileSync(`/proc/${raw.proc.pid}/status`, 'utf8'), /^Seccomp:\s+0$/m);
  assert.equal((await raw.close()).code, 0);
});

test('200 requests in flight before reading: every answer valid and matched by id', async () => {
  raw = new Raw();
  const want = new Map();
  let lines = '';
  for (let i = 0; i < 200; i++) {
    const id = i % 3 === 0 ? `s${i}` : i;
    if (i % 4 === 0) lines += JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) + '\n';
    else lines += JSON.stringify(call(id, `print(${i})`)) + '\n';
    want.set(String(id) + typeof id, i);
  }
  lines += '{"jsonrpc":"2.0","id":999,"method":"ping"'; // partial, completed below
  raw.send(lines);
  await sleep(50);
  raw.send('}\n');
  const seen = new Set();
  for (let k = 0; k < 201; k++) {
    const m = await raw.next(20000 * SLOW);
    assert.equal(m.jsonrpc, '2.0');
    if (m.id === 999) { assert.deepEqual(m.result, {}); continue; }
    const key = String(m.id) + typeof m.id;
    assert.ok(want.has(key), `unexpected id ${JSON.stringify(m.id)}`);
    assert.ok(!seen.has(key), `duplicate id ${m.id}`);
    seen.add(key);
    const i = want.get(key);
    if (i % 4 === 0) assert.deepEqual(m.result, {});
    else assert.equal(m.result.structuredContent.stdout, `${i}\n`);
  }
  assert.equal(seen.size, 200);
  assert.equal((await raw.close()).code, 0);
});

for (const sig of ['SIGTERM', 'SIGINT']) {
  test(`${sig} during a run: exits 0 promptly, the worker gone too`, async () => {
    raw = new Raw(['--timeout', '60']);
    raw.send(call(1, 'while True: pass'));
    await sleep(300);
    const worker = await workerPid(raw.proc);
    const t0 = Date.now();
    raw.proc.kill(sig);
    const { code, signal } = await raw.exited;
    assert.equal(signal, null);
    assert.equal(code, 0);
    assert.ok(Date.now() - t0 < 3000 * SLOW);
    let alive = true;
    try { process.kill(worker, 0); } catch { alive = false; }
    assert.equal(alive, false, 'the worker outlived the server');
  });
}

test('--log-level: logs go to stderr only, as much as asked for', async () => {
  // debug: worker starts, every call, a worker death; stdout stays protocol
  // only (Raw fails on any stdout line that is not JSON).
  raw = new Raw(['--log-level', 'debug']);
  await raw.request(1, 'tools/call', call(1, 'print(1)').params);
  process.kill(await workerPid(raw.proc), 'SIGKILL');
  await sleep(200);
  const m = await raw.request(2, 'tools/call', call(2, 'print(2)').params);
  assert.equal(m.result.structuredContent.stdout, '2\n');
  assert.equal((await raw.close()).code, 0);
  assert.match(raw.stderr, /^safepy mcp: info: worker process \d+ started$/m);
  assert.match(raw.stderr, /^safepy mcp: debug: run_python call answered in \d+ us$/m);
  assert.match(raw.stderr, /^safepy mcp: warning: the worker was killed by signal 9 \(SIGKILL\) while idle; restarting it$/m);
  for (const line of raw.stderr.trim().split('\n'))
    assert.match(line, /^safepy mcp: (error|warning|info|debug): /);

  // error: the same events say nothing.
  raw = new Raw(['--log-level', 'error']);
  await raw.request(1, 'tools/call', call(1, 'print(1)').params);
  process.kill(await workerPid(raw.proc), 'SIGKILL');
  await sleep(200);
  await raw.request(2, 'tools/call', call(2, 'print(2)').params);
  assert.equal((await raw.close()).code, 0);
  assert.equal(raw.stderr, '');
});
