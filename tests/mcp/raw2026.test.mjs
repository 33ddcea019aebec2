// Protocol revision 2026-07-28 on the wire, without the SDK: no initialize,
// server/discover, the per-request _meta and its errors, resultType and
// serverInfo on results, removed methods, both eras in one process,
// subscriptions/listen, and the Tasks extension (create, poll, result,
// cancel, the time limit).  docs/mcp.md names the test covering each MUST.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { Raw, SLOW } from './helpers.mjs';

let raw;
afterEach(() => raw?.kill());

const V = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';
const meta = (caps = {}, extra = {}) => ({
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': caps,
  'io.modelcontextprotocol/clientInfo': { name: 'raw2026', version: '0' },
  ...extra,
});
const TMETA = () => meta({ extensions: { [TASKS]: {} } });
const call = (code, m = meta(), args = {}) =>
  ({ name: 'run_python', arguments: { code, ...args }, _meta: m });
const INIT = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } };

function assertModern(r) {
  assert.equal(r.result.resultType, 'complete');
  assert.equal(r.result._meta['io.modelcontextprotocol/serverInfo'].name, 'safepy');
  assert.equal(typeof r.result._meta['io.modelcontextprotocol/serverInfo'].version, 'string');
}

async function clean(r) {
  const st = await r.close();
  assert.equal(st.code, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /Sanitizer|runtime error/, r.stderr);
}

test('server/discover without initialize: versions, capabilities, identity, cache hints', async () => {
  raw = new Raw();
  const r = await raw.request('d1', 'server/discover', { _meta: meta() });
  assert.equal(r.id, 'd1');
  assertModern(r);
  assert.deepEqual(r.result.supportedVersions, [V]);
  assert.deepEqual(r.result.capabilities, { tools: { listChanged: false }, extensions: { [TASKS]: {} } });
  assert.match(r.result.instructions, /run_python/);
  assert.ok(Number.isInteger(r.result.ttlMs) && r.result.ttlMs >= 0);
  assert.ok(['public', 'private'].includes(r.result.cacheScope));
  await clean(raw);
});

test('requests with the _meta envelope are served without initialize; state persists', async () => {
  raw = new Raw();
  let r = await raw.request(1, 'tools/list', { _meta: meta() });
  assertModern(r);
  assert.deepEqual(r.result.tools.map((t) => t.name), ['run_python', 'check_python']);
  assert.ok(Number.isInteger(r.result.ttlMs) && r.result.ttlMs >= 0);
  assert.equal(r.result.cacheScope, 'public');
  r = await raw.request(2, 'tools/call', call('x = 6 * 7'));
  assertModern(r);
  assert.equal(r.result.isError, false);
  r = await raw.request(3, 'tools/call', call('x + 1'));
  assertModern(r);
  assert.equal(r.result.structuredContent.result, '43');
  assert.equal(r.result.content[0].text, '43');
  // Tool-level mistakes stay tool results, with resultType too.
  r = await raw.request(4, 'tools/call', { name: 'run_python', arguments: { code: 1 }, _meta: meta() });
  assertModern(r);
  assert.equal(r.result.isError, true);
  // Protocol errors carry no resultType.
  r = await raw.request(5, 'tools/call', { name: 'nope', arguments: {}, _meta: meta() });
  assert.equal(r.error.code, -32602);
  assert.ok(!('result' in r));
  // A logLevel is accepted (and no notifications/message is ever sent).
  r = await raw.request(6, 'tools/call', call('print(1)', meta({}, { 'io.modelcontextprotocol/logLevel': 'debug' })));
  assert.equal(r.result.structuredContent.stdout, '1\n');
  assert.equal(await raw.silent(200), true);
  await clean(raw);
});

test('a missing or malformed _meta envelope is -32602; the server keeps serving', async () => {
  raw = new Raw();
  const V_KEY = 'io.modelcontextprotocol/protocolVersion';
  const C_KEY = 'io.modelcontextprotocol/clientCapabilities';
  const bad = [
    ['server/discover', undefined],
    ['server/discover', {}],
    ['server/discover', { _meta: 7 }],
    ['server/discover', { _meta: {} }],
    ['server/discover', { _meta: { [C_KEY]: {} } }],
    ['tools/list', { _meta: { [V_KEY]: 20260728, [C_KEY]: {} } }],
    ['tools/list', { _meta: { [V_KEY]: V } }],
    ['tools/list', { _meta: { [V_KEY]: V, [C_KEY]: [] } }],
    ['tools/list', { _meta: { [V_KEY]: V, [C_KEY]: { extensions: 1 } } }],
    ['tools/list', { _meta: { [V_KEY]: V, [C_KEY]: { extensions: { [TASKS]: true } } } }],
    ['tools/list', { _meta: meta({}, { 'io.modelcontextprotocol/clientInfo': 'me' }) }],
    ['tools/list', { _meta: meta({}, { 'io.modelcontextprotocol/clientInfo': { name: 'x' } }) }],
    ['tools/list', { _meta: meta({}, { 'io.modelcontextprotocol/logLevel': 'loud' }) }],
    ['tools/call', { name: 'run_python', arguments: { code: '1' }, _meta: { [V_KEY]: V } }],
    ['tools/list', { _meta: meta(), cursor: 'abc' }],
    ['tools/list', { _meta: meta({}, { 'io.modelcontextprotocol/clientInfo': { name: 'a\u0000b', version: '1' } }) }],
  ];
  let id = 100;
  for (const [method, params] of bad) {
    const r = await raw.request(++id, method, params);
    assert.equal(r.id, id);
    assert.equal(r.error?.code, -32602, `${method} ${JSON.stringify(params)}: ${JSON.stringify(r)}`);
  }
  // A request without the envelope is 2025-era traffic, served as before.
  const legacy = await raw.request(200, 'tools/call', { name: 'run_python', arguments: { code: 'print(2)' } });
  assert.ok(!('resultType' in legacy.result));
  assert.equal(legacy.result.structuredContent.stdout, '2\n');
  assertModern(await raw.request(201, 'server/discover', { _meta: meta() }));
  await clean(raw);
});

test('an unsupported protocol version is -32022 listing the supported ones', async () => {
  raw = new Raw();
  for (const [i, v] of ['1900-01-01', '2027-01-01', '2025-11-25', ''].entries()) {
    // The version is checked before the rest: a later revision's envelope
    // may differ, and its client needs this error to retry.
    const r = await raw.request(i, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': v } });
    assert.equal(r.error.code, -32022);
    assert.equal(r.error.message, 'Unsupported protocol version');
    assert.deepEqual(r.error.data, { supported: [V], requested: v });
  }
  const r = await raw.request(9, 'server/discover', { _meta: { ...meta(), 'io.modelcontextprotocol/protocolVersion': '1999-01-01' } });
  assert.equal(r.error.code, -32022);
  await clean(raw);
});

test('discover before and after legacy traffic; both eras share one session', async () => {
  raw = new Raw();
  const d1 = await raw.request(1, 'server/discover', { _meta: meta() });
  assertModern(d1);
  let r = await raw.request(2, 'initialize', INIT);
  assert.equal(r.result.protocolVersion, '2025-06-18');
  assert.ok(!('resultType' in r.result));
  raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  r = await raw.request(3, 'tools/call', { name: 'run_python', arguments: { code: 'n = 41' } });
  assert.ok(!('resultType' in r.result));
  assert.deepEqual(await raw.request(4, 'ping'), { jsonrpc: '2.0', id: 4, result: {} });
  const d2 = await raw.request(5, 'server/discover', { _meta: meta() });
  assert.deepEqual(d2.result, d1.result);
  r = await raw.request(6, 'tools/call', call('n + 1'));
  assertModern(r);
  assert.equal(r.result.structuredContent.result, '42');
  r = await raw.request(7, 'tools/call', { name: 'run_python', arguments: { code: 'n + 2' } });
  assert.equal(r.result.structuredContent.result, '43');
  await clean(raw);
});

test('methods removed in 2026-07-28 are -32601 there and unchanged in the legacy era', async () => {
  raw = new Raw();
  for (const [i, m] of ['ping', 'logging/setLevel', 'initialize', 'resources/subscribe', 'tasks/list', 'no/such'].entries()) {
    const params = m === 'initialize' ? { ...INIT, _meta: meta() } : { _meta: meta() };
    const r = await raw.request(i, m, params);
    assert.equal(r.error.code, -32601, m);
    if (m !== 'no/such') assert.match(r.error.message, /removed in protocol revision 2026-07-28/);
  }
  assert.deepEqual((await raw.request(10, 'ping')).result, {});
  assert.equal((await raw.request(11, 'initialize', INIT)).result.protocolVersion, '2025-06-18');
  await clean(raw);
});

test('discover is answered mid-run; notifications/cancelled stops a running modern call: no reply, next call served', async () => {
  raw = new Raw(['--timeout', '30']);
  raw.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call('while True: pass') });
  await new Promise((r) => setTimeout(r, 200));
  // server/discover and tools/list are answered while the call runs.
  assertModern(await raw.request('d', 'server/discover', { _meta: meta() }));
  assertModern(await raw.request('l', 'tools/list', { _meta: meta() }));
  raw.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'test' } });
  const r = await raw.request(2, 'tools/call', call('print(5)'));
  assert.equal(r.id, 2);
  assert.equal(r.result.structuredContent.stdout, '5\n');
  assert.equal(await raw.silent(300), true);
  await clean(raw);
});

test('subscriptions/listen: acknowledged first, cancelled silently, closed gracefully at exit', async () => {
  raw = new Raw();
  raw.send({ jsonrpc: '2.0', id: 's1', method: 'subscriptions/listen', params: { _meta: meta(), notifications: { toolsListChanged: true } } });
  let m = await raw.next();
  assert.equal(m.method, 'notifications/subscriptions/acknowledged');
  assert.equal(m.params._meta['io.modelcontextprotocol/subscriptionId'], 's1');
  assert.deepEqual(m.params.notifications, {}, 'no notification type is ever sent');
  raw.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 's1' } });
  raw.send({ jsonrpc: '2.0', id: 7, method: 'subscriptions/listen', params: { _meta: meta(), notifications: {} } });
  m = await raw.next();
  assert.equal(m.params._meta['io.modelcontextprotocol/subscriptionId'], 7);
  m = await raw.request(8, 'subscriptions/listen', { _meta: meta(), notifications: 3 });
  assert.equal(m.error.code, -32602);
  raw.proc.stdin.end();
  m = await raw.next();
  assert.deepEqual(m, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'the server is shutting down' } },
    'only the open subscription is torn down');
  m = await raw.next();
  assert.equal(m.id, 7);
  assert.equal(m.result.resultType, 'complete');
  assert.equal(m.result._meta['io.modelcontextprotocol/subscriptionId'], 7);
  const st = await raw.exited;
  assert.equal(st.code, 0);
});

test('progress: a modern call with a progressToken gets increasing notifications until its reply', async () => {
  raw = new Raw(['--timeout', '2']);
  raw.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call('while True: pass', meta({}, { progressToken: 'p1' })) });
  const seen = [];
  let m;
  while (!('id' in (m = await raw.next(10000 * SLOW)))) seen.push(m);
  assert.equal(m.id, 1);
  assert.equal(m.result.structuredContent.limit, 'time');
  assert.ok(seen.length >= 1, 'at least one progress notification in 2 s');
  seen.forEach((n, i) => {
    assert.equal(n.method, 'notifications/progress');
    assert.equal(n.params.progressToken, 'p1');
    assert.equal(n.params.progress, i + 1, 'strictly increasing');
  });
  // None after the reply, none without a token, none in the legacy era.
  raw.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: call('while True: pass') });
  assert.equal((await raw.next(10000 * SLOW)).id, 2);
  raw.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'run_python', arguments: { code: 'while True: pass' }, _meta: { progressToken: 7 } } });
  assert.equal((await raw.next(10000 * SLOW)).id, 3);
  assert.equal(await raw.silent(300), true);
  await clean(raw);
});

// --- the Tasks extension -------------------------------------------------------

async function poll(id0, taskId, until, ms = 20000 * SLOW) {
  const t0 = Date.now();
  for (let id = id0; ; id++) {
    const r = await raw.request(id, 'tasks/get', { taskId, _meta: TMETA() });
    assertModern(r);
    if (until(r.result)) return r.result;
    assert.ok(Date.now() - t0 < ms, 'task did not reach the state in time: ' + JSON.stringify(r.result));
    await new Promise((res) => setTimeout(res, 100));
  }
}

function assertTask(t, status) {
  assert.match(t.taskId, /^[0-9a-f]{32}$/);
  assert.equal(t.status, status);
  assert.match(t.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.match(t.lastUpdatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.ok(Number.isInteger(t.ttlMs) && t.ttlMs > 0);
  assert.ok(Number.isInteger(t.pollIntervalMs));
}

test('tasks: a long call returns a task at once; polled to its result', async () => {
  raw = new Raw(['--timeout', '30']);
  // A quick call is answered directly even when the client declares tasks
  // (after a first call, so the worker's start-up does not count).
  let r = await raw.request(0, 'tools/call', call('v = 10'));
  r = await raw.request(1, 'tools/call', call('v', TMETA()));
  assertModern(r);
  assert.equal(r.result.structuredContent.result, '10');
  r = await raw.request(2, 'tools/call', call('import time\ntime.sleep(1.5)\nv * 2', TMETA()));
  assert.equal(r.id, 2);
  assert.equal(r.result.resultType, 'task');
  assert.equal(r.result._meta['io.modelcontextprotocol/serverInfo'].name, 'safepy');
  assertTask(r.result, 'working');
  const taskId = r.result.taskId;
  // Durably created before the answer: tasks/get resolves at once.
  const w = (await raw.request(3, 'tasks/get', { taskId, _meta: TMETA() })).result;
  assert.equal(w.resultType, 'complete');
  assertTask(w, 'working');
  const done = await poll(10, taskId, (t) => t.status !== 'working');
  assertTask(done, 'completed');
  assert.equal(done.result.structuredContent.result, '20');
  assert.equal(done.result.isError, false);
  // The same state on every later poll; the session kept v.
  assert.deepEqual((await raw.request(100, 'tasks/get', { taskId, _meta: TMETA() })).result.result, done.result);
  r = await raw.request(101, 'tools/call', call('v + 1'));
  assert.equal(r.result.structuredContent.result, '11');
  await clean(raw);
});

test('tasks: the time limit still holds for a task; no task without the capability', async () => {
  raw = new Raw(['--timeout', '1']);
  // A client that did not declare the extension gets the core behaviour:
  // the call's own result, however long it takes.
  const direct = await raw.request(0, 'tools/call', call('while True: pass'));
  assertModern(direct);
  assert.equal(direct.result.structuredContent.limit, 'time');
  const r = await raw.request(1, 'tools/call', call('while True: pass', TMETA()));
  assert.equal(r.result.resultType, 'task');
  const done = await poll(10, r.result.taskId, (t) => t.status !== 'working');
  assert.equal(done.status, 'completed', 'a tool error is a completed task, not a failed one');
  assert.equal(done.result.isError, true);
  assert.equal(done.result.structuredContent.status, 'limit');
  assert.equal(done.result.structuredContent.limit, 'time');
  await clean(raw);
});

test('tasks: tasks/cancel stops the running call and a queued one', async () => {
  raw = new Raw(['--timeout', '30']);
  raw.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call('k = 1\nwhile True: pass', TMETA()) });
  raw.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: call('k = 2', TMETA()) });
  const a = await raw.next(), b = await raw.next();
  assert.deepEqual([a.id, b.id].sort(), [1, 2]);
  assert.equal(a.result.resultType, 'task');
  assert.equal(b.result.resultType, 'task', 'a queued call becomes a task too');
  const [running, queued] = a.id === 1 ? [a.result.taskId, b.result.taskId] : [b.result.taskId, a.result.taskId];
  assert.notEqual(running, queued);
  // notifications/cancelled does not apply to a request answered with a task.
  raw.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
  let r = await raw.request(3, 'tasks/cancel', { taskId: queued, _meta: TMETA() });
  assert.deepEqual(Object.keys(r.result).sort(), ['_meta', 'resultType']);
  assertModern(r);
  assert.equal((await raw.request(4, 'tasks/get', { taskId: running, _meta: TMETA() })).result.status, 'working');
  r = await raw.request(5, 'tasks/cancel', { taskId: running, _meta: TMETA() });
  assertModern(r);
  for (const [i, t] of [running, queued].entries()) {
    const g = (await raw.request(6 + i, 'tasks/get', { taskId: t, _meta: TMETA() })).result;
    assertTask(g, 'cancelled');
    assert.ok(!('result' in g));
  }
  // Cancelling again is acknowledged; the worker is free for the next call,
  // and the queued call never ran.
  assertModern(await raw.request(8, 'tasks/cancel', { taskId: running, _meta: TMETA() }));
  r = await raw.request(9, 'tools/call', call('k'));
  assert.equal(r.result.structuredContent.result, '1');
  assert.equal(await raw.silent(300), true, 'nothing more for the cancelled calls');
  await clean(raw);
});

test('tasks: errors (capability not declared, unknown task, bad params)', async () => {
  raw = new Raw();
  for (const [i, m] of ['tasks/get', 'tasks/update', 'tasks/cancel'].entries()) {
    const r = await raw.request(i, m, { taskId: 'x', _meta: meta() });
    assert.equal(r.error.code, -32021, m);
    assert.deepEqual(r.error.data, { requiredCapabilities: { extensions: { [TASKS]: {} } } });
  }
  let r = await raw.request(10, 'tasks/get', { taskId: 'f'.repeat(32), _meta: TMETA() });
  assert.equal(r.error.code, -32602);
  assert.equal(r.error.message, 'Failed to retrieve task: Task not found');
  r = await raw.request(11, 'tasks/get', { taskId: 5, _meta: TMETA() });
  assert.equal(r.error.code, -32602);
  r = await raw.request(12, 'tasks/cancel', { _meta: TMETA() });
  assert.equal(r.error.code, -32602);
  // Legacy era: the tasks methods do not exist there.
  r = await raw.request(13, 'tasks/get', { taskId: 'x' });
  assert.equal(r.error.code, -32601);
  // tasks/update: nothing of ours waits for input, so responses are ignored.
  raw = (raw.kill(), new Raw(['--timeout', '30']));
  r = await raw.request(20, 'tools/call', call('while True: pass', TMETA()));
  const taskId = r.result.taskId;
  r = await raw.request(21, 'tasks/update', { taskId, inputResponses: { a: { action: 'accept' } }, _meta: TMETA() });
  assertModern(r);
  r = await raw.request(22, 'tasks/update', { taskId, inputResponses: 3, _meta: TMETA() });
  assert.equal(r.error.code, -32602);
  r = await raw.request(23, 'tasks/get', { taskId: taskId + '\u0000', _meta: TMETA() });
  assert.equal(r.error.code, -32602);
  // Capabilities are per request: earlier declarations do not count.
  r = await raw.request(25, 'tasks/get', { taskId, _meta: meta() });
  assert.equal(r.error.code, -32021);
  assertModern(await raw.request(24, 'tasks/cancel', { taskId, _meta: TMETA() }));
  await clean(raw);
});
