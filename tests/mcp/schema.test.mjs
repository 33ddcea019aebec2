// Every kind of tool result, from every code path that makes one (the
// worker's results, the broker's results for argument mistakes and for a
// lost worker), checked by a JSON Schema validator (ajv, strict) against the
// tool's declared outputSchema, and every field sent must be declared there.
// The SDK client checks the results the SDK tests see; these come through the
// raw protocol, including the ones the SDK tests cannot provoke.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { Raw, SLOW } from './helpers.mjs';

let raw;
afterEach(() => raw?.kill());

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function workerPid(proc) {
  for (let i = 0; i < 200; i++) {
    let kids = '';
    try { kids = readFileSync(`/proc/${proc.pid}/task/${proc.pid}/children`, 'utf8').trim(); } catch { /* not yet */ }
    if (kids) return Number(kids.split(/\s+/)[0]);
    await sleep(10);
  }
  throw new Error('no worker process');
}

// The declared schema, closed: a field the server sends but does not
// declare is a failure too, at the top and in each diagnostic.
function closed(schema) {
  const s = structuredClone(schema);
  s.additionalProperties = false;
  const items = s.properties?.diagnostics?.items;
  if (items && items.type === 'object') items.additionalProperties = false;
  return s;
}

test('every tool result conforms to its outputSchema: ok, rejected, error, limits, bad arguments, lost session', async () => {
  raw = new Raw(['--timeout', '1', '--max-output', '1K', '--max-memory', '64M']);
  const tools = (await raw.request(0, 'tools/list')).result.tools;
  const ajv = new Ajv({ strict: true, allErrors: true });
  const check = {};
  for (const t of tools) {
    ajv.compile(t.inputSchema); // the input schemas must compile too
    check[t.name] = ajv.compile(closed(t.outputSchema));
  }
  assert.deepEqual(Object.keys(check).sort(), ['check_python', 'run_python']);

  let id = 1;
  const seen = new Set();
  async function call(name, args, want) {
    const m = await raw.request(id++, 'tools/call', { name, arguments: args });
    assert.ok(m.result, `a tool result, not a protocol error: ${JSON.stringify(m).slice(0, 300)}`);
    const r = m.result;
    assert.ok(Array.isArray(r.content) && r.content.length > 0 && r.content.every((b) => b.type === 'text' && typeof b.text === 'string'));
    assert.equal(typeof r.isError, 'boolean');
    const ok = check[name](r.structuredContent);
    assert.ok(ok, `${name} ${JSON.stringify(args).slice(0, 80)}: ${ajv.errorsText(check[name].errors)}\n${JSON.stringify(r.structuredContent).slice(0, 400)}`);
    const sc = r.structuredContent;
    if (want.status) assert.equal(sc.status, want.status);
    if (want.limit) assert.equal(sc.limit, want.limit);
    if (want.lost) assert.equal(sc.session_lost, true);
    // check_python reports findings as a successful analysis; only bad
    // arguments make it an error.
    if (name === 'run_python' || sc.status === 'error') assert.equal(r.isError, sc.status !== 'ok');
    seen.add(sc.status + (sc.limit ? ':' + sc.limit : '') + (sc.session_lost ? ':lost' : ''));
    return r;
  }

  await call('run_python', { code: 'print(6*7)' }, { status: 'ok' });
  await call('run_python', { code: 'x = 2\nx * 21' }, { status: 'ok' });
  await call('run_python', { code: 'x', reset: true }, { status: 'error' });
  await call('run_python', { code: 'import os' }, { status: 'rejected' });
  await call('run_python', { code: 'def (:' }, { status: 'rejected' });
  await call('run_python', { code: '1/0' }, { status: 'error' });
  await call('run_python', { code: 'while True: pass' }, { status: 'limit', limit: 'time' });
  await call('run_python', { code: 'print("x" * 5000)' }, { status: 'limit', limit: 'output' });
  await call('run_python', { code: 'a = [1] * (10**8)' }, { status: 'limit', limit: 'memory' });
  // Argument mistakes are answered by the broker, not the worker.
  await call('run_python', { code: 5 }, { status: 'error' });
  await call('run_python', { code: 'print(1)', extra: true }, { status: 'error' });
  await call('run_python', {}, { status: 'error' });
  raw.send('{"jsonrpc":"2.0","id":"nul","method":"tools/call","params":{"name":"run_python","arguments":{"code":"a\\u0000"}}}\n');
  const nul = await raw.next();
  assert.ok(check.run_python(nul.result.structuredContent), ajv.errorsText(check.run_python.errors));
  await call('check_python', { code: 'import os' }, { status: 'rejected' });
  await call('check_python', { code: 'print(1)' }, { status: 'ok' });
  await call('check_python', { code: 'def (:' }, { status: 'rejected' });
  await call('check_python', { code: 7 }, { status: 'error' });

  // The broker's result for a worker killed mid-call.
  raw.send({ jsonrpc: '2.0', id: 'killed', method: 'tools/call', params: { name: 'run_python', arguments: { code: 'while True: pass' } } });
  await sleep(200 * SLOW);
  process.kill(await workerPid(raw.proc), 'SIGKILL');
  const lost = await raw.next();
  assert.equal(lost.id, 'killed');
  assert.ok(check.run_python(lost.result.structuredContent), ajv.errorsText(check.run_python.errors));
  assert.equal(lost.result.structuredContent.session_lost, true);
  // That call was told; the next one is not told again.
  await call('run_python', { code: 'print(1)' }, { status: 'ok' });
  // A worker that dies between calls: the next result carries the notice.
  process.kill(await workerPid(raw.proc), 'SIGKILL');
  await sleep(200 * SLOW);
  await call('run_python', { code: 'print(2)' }, { status: 'ok', lost: true });

  for (const k of ['ok', 'rejected', 'error', 'limit:time', 'limit:output', 'limit:memory', 'ok:lost'])
    assert.ok(seen.has(k), `no result of kind ${k}; saw ${[...seen].join(', ')}`);
  assert.equal((await raw.close()).code, 0);
});
