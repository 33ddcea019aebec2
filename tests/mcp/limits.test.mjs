// Limits come from the command line (never from tool arguments), and the
// server stays responsive while code runs: ping and cancellation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, closeClean, text, SLOW } from './helpers.mjs';

const LOOP = 'while True: pass';
let client; // started with --timeout 2
before(async () => { client = await connect(['--timeout', '2']); });
after(async () => { await closeClean(client); });

const run = (c, code, opts) => c.callTool({ name: 'run_python', arguments: { code } }, undefined, opts);

test('an endless loop is stopped by the time limit', async () => {
  const t0 = Date.now();
  const r = await run(client, LOOP);
  const ms = Date.now() - t0;
  assert.equal(r.isError, true);
  assert.equal(r.structuredContent.status, 'limit');
  assert.equal(r.structuredContent.limit, 'time');
  assert.match(text(r), /time limit/);
  assert.match(text(r), /\b2 s\b/);
  assert.ok(ms >= 1500 && ms < 6000 * SLOW, `took ${ms} ms`);
  const { tools } = await client.listTools();
  assert.match(tools.find((t) => t.name === 'run_python').description, /2 s/);
});

test('ping is answered promptly while a long call runs', async () => {
  const started = Date.now();
  const long = run(client, LOOP);
  await new Promise((r) => setTimeout(r, 300));
  const t0 = Date.now();
  await client.ping();
  const pingMs = Date.now() - t0;
  const r = await long;
  const callMs = Date.now() - started;
  assert.ok(pingMs < 500 * SLOW, `ping took ${pingMs} ms`);
  assert.ok(callMs >= 1500, `the call took only ${callMs} ms`);
  assert.equal(r.structuredContent.status, 'limit');
});

test('the session still works after a limit', async () => {
  const r = await run(client, 'print(6*7)');
  assert.equal(r.structuredContent.stdout, '42\n');
});

test('cancelling a running call interrupts it; the next call runs at once', async () => {
  const c = await connect(['--timeout', '30']);
  try {
    const ac = new AbortController();
    const p = run(c, LOOP, { signal: ac.signal });
    setTimeout(() => ac.abort('test cancels'), 300);
    await assert.rejects(p);
    const t0 = Date.now();
    const r = await run(c, 'print(6*7)');
    const ms = Date.now() - t0;
    assert.equal(r.structuredContent.stdout, '42\n');
    assert.ok(ms < 5000 * SLOW, `next call took ${ms} ms: the loop was not interrupted`);
  } finally {
    await closeClean(c);
  }
});
