// The wire protocol, byte by byte, without the SDK: framing, malformed
// input, error codes, id echo, notifications, cancellation and shutdown.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { Raw, SLOW } from './helpers.mjs';

let raw;
afterEach(() => raw?.kill());

const INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } };

test('initialize echoes a supported protocol version, else the newest', async () => {
  raw = new Raw();
  for (const v of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) {
    const r = await raw.request(1, 'initialize', { ...INIT, protocolVersion: v });
    assert.equal(r.result.protocolVersion, v);
  }
  const r = await raw.request(2, 'initialize', { ...INIT, protocolVersion: '1999-01-01' });
  assert.equal(r.result.protocolVersion, '2025-11-25');
  assert.equal(r.result.serverInfo.name, 'safepy');
  assert.deepEqual(r.result.capabilities, { tools: { listChanged: false } });
  assert.equal((await raw.close()).code, 0);
});

test('malformed input gets the right error codes and the server keeps running', async () => {
  raw = new Raw();
  raw.send('this is not json\n');
  let m = await raw.next();
  assert.equal(m.error.code, -32700);
  assert.ok(!('id' in m), 'a parse error has no id');

  raw.send('[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n');
  m = await raw.next();
  assert.equal(m.error.code, -32600);

  raw.send('42\n');
  assert.equal((await raw.next()).error.code, -32600);

  raw.send({ jsonrpc: '1.0', id: 3, method: 'ping' });
  m = await raw.next();
  assert.equal(m.error.code, -32600);
  assert.equal(m.id, 3);

  raw.send({ jsonrpc: '2.0', id: null, method: 'ping' });
  assert.equal((await raw.next()).error.code, -32600);

  raw.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a])); // invalid UTF-8
  assert.equal((await raw.next()).error.code, -32700);

  m = await raw.request(4, 'no/such/method');
  assert.equal(m.error.code, -32601);
  assert.equal(m.id, 4);

  m = await raw.request(5, 'tools/call', { name: 'nope', arguments: {} });
  assert.equal(m.error.code, -32602);

  m = await raw.request(6, 'tools/call', { name: 'run_python', arguments: 'print(1)' });
  assert.equal(m.error.code, -32602);

  m = await raw.request(7, 'ping');
  assert.deepEqual(m, { jsonrpc: '2.0', id: 7, result: {} });
  assert.equal((await raw.close()).code, 0);
});

test('ids are echoed with their JSON type; \\r\\n framing; notifications get no reply', async () => {
  raw = new Raw();
  raw.send('{"jsonrpc":"2.0","id":"12","method":"ping"}\r\n');
  let m = await raw.next();
  assert.equal(m.id, '12');
  m = await raw.request(0, 'ping');
  assert.equal(m.id, 0);
  m = await raw.request(9007199254740991, 'ping');
  assert.equal(m.id, 9007199254740991);
  raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  raw.send({ jsonrpc: '2.0', method: 'ping' }); // no id: a notification
  raw.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'unknown' } });
  raw.send('\n');
  assert.equal(await raw.silent(300 * SLOW), true, 'no reply to notifications or blank lines');
  assert.equal((await raw.request('x', 'ping')).id, 'x');
  assert.equal((await raw.close()).code, 0);
});

test('a line over 16 MiB is answered with an error and skipped', async () => {
  raw = new Raw();
  const big = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"' + 'a'.repeat(17 << 20) + '"}}\n';
  raw.send(big);
  let m = await raw.next(20000 * SLOW);
  assert.equal(m.error.code, -32600);
  m = await raw.request(2, 'ping');
  assert.deepEqual(m.result, {});
  // Just under the limit is fine: a 15 MiB request is served.
  raw.send('{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"' + 'b'.repeat(15 << 20) + '"}}\n');
  m = await raw.next(20000 * SLOW);
  assert.equal(m.id, 3);
  assert.deepEqual(m.result, {});
  assert.equal((await raw.close()).code, 0);
});

test('tool calls run in order; a cancelled queued call gets no reply', async () => {
  raw = new Raw(['--timeout', '1']);
  const call = (id, code) => raw.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'run_python', arguments: { code } } });
  call(10, 'while True: pass');
  call(11, 'print(6*7)');
  call(12, 'print(6*7)');
  raw.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 11, reason: 'test' } });
  const a = await raw.next(10000 * SLOW);
  const b = await raw.next(10000 * SLOW);
  assert.equal(a.id, 10);
  assert.equal(a.result.structuredContent.status, 'limit');
  assert.equal(b.id, 12);
  assert.equal(b.result.structuredContent.stdout, '42\n');
  assert.equal(await raw.silent(300), true);
  assert.equal((await raw.close()).code, 0);
});

test('stdin EOF exits 0 promptly, even with a call running', async () => {
  raw = new Raw(['--timeout', '60']);
  raw.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'run_python', arguments: { code: 'while True: pass' } } });
  await new Promise((r) => setTimeout(r, 300));
  const t0 = Date.now();
  const { code } = await raw.close();
  assert.equal(code, 0);
  assert.ok(Date.now() - t0 < 3000 * SLOW, 'exit took too long');
  assert.doesNotMatch(raw.stderr, /ERROR: AddressSanitizer|runtime error/);
});

test('initialize without params is a -32602 error; a last line without newline is served at EOF', async () => {
  raw = new Raw();
  let m = await raw.request(1, 'initialize');
  assert.equal(m.id, 1);
  assert.equal(m.error.code, -32602);
  // A tool call still queued at EOF is abandoned (the client is gone), but
  // a last request the server can answer at once is answered.
  raw.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }));
  raw.proc.stdin.end(); // no trailing newline
  m = await raw.next();
  assert.deepEqual(m, { jsonrpc: '2.0', id: 2, result: {} });
  assert.equal((await raw.exited).code, 0);
});

test('long non-ASCII names quoted in errors stay valid UTF-8', async () => {
  raw = new Raw();
  // 'a' then 2-byte characters: a cut at a fixed byte count splits one.
  const name = 'a' + 'é'.repeat(100);
  let m = await raw.request(1, name);
  assert.equal(m.error.code, -32601);
  assert.ok(m.error.message.startsWith('Method not found: aé'));
  m = await raw.request(2, 'tools/call', { name: 'b' + '€'.repeat(100), arguments: {} });
  assert.equal(m.error.code, -32602);
  assert.match(m.error.message, /^Unknown tool: b€+$/);
  assert.equal((await raw.close()).code, 0);
});

test('\\u0000 in the id, method or jsonrpc is refused, not read as a shorter string', async () => {
  raw = new Raw();
  // cJSON ends strings at \u0000: "p\u0000x" would be echoed as "p".
  raw.send('{"jsonrpc":"2.0","id":"p\\u0000x","method":"ping"}\n');
  let m = await raw.next();
  assert.equal(m.error.code, -32600);
  assert.ok(!('id' in m), 'an id that cannot be echoed exactly is not echoed');
  raw.send('{"jsonrpc":"2.0","\\u0069d":"q\\u0000","method":"ping"}\n');
  m = await raw.next();
  assert.equal(m.error.code, -32600);
  assert.ok(!('id' in m));
  raw.send('{"jsonrpc":"2.0","id":3,"method":"ping\\u0000x"}\n');
  m = await raw.next();
  assert.equal(m.error.code, -32600);
  assert.equal(m.id, 3);
  raw.send('{"jsonrpc":"2.0\\u0000","id":4,"method":"ping"}\n');
  m = await raw.next();
  assert.equal(m.error.code, -32600);
  assert.equal(m.id, 4);
  // Elsewhere a NUL is only data: in params, or escaped as \\u0000 text.
  raw.send('{"jsonrpc":"2.0","id":"r\\\\u0000","method":"ping","params":{"x":"\\u0000"}}\n');
  m = await raw.next();
  assert.equal(m.id, 'r\\u0000');
  assert.deepEqual(m.result, {});
  assert.equal((await raw.close()).code, 0);
});

test('a client flooding tool calls gets a clear error past the queue bound; every request answered once', async () => {
  raw = new Raw(['--timeout', '1']);
  const N = 1300; // the queue holds 1024 calls behind the running one
  let lines = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name: 'run_python', arguments: { code: 'while True: pass' } } }) + '\n';
  for (let i = 1; i < N; i++)
    lines += JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'run_python', arguments: { code: `print(${i})` } } }) + '\n';
  raw.send(lines);
  const seen = new Map();
  for (let k = 0; k < N; k++) {
    const m = await raw.next(60000 * SLOW);
    assert.ok(!seen.has(m.id), `a second answer for ${m.id}`);
    seen.set(m.id, m);
  }
  let refused = 0;
  for (let i = 1; i < N; i++) {
    const m = seen.get(i);
    assert.ok(m, `no answer for ${i}`);
    if (m.error) {
      assert.equal(m.error.code, -32603);
      assert.match(m.error.message, /Too many tool calls waiting/);
      refused++;
    } else {
      assert.equal(m.result.structuredContent.stdout, `${i}\n`);
    }
  }
  assert.equal(seen.get(0).result.structuredContent.limit, 'time');
  // At least the 1024 the queue holds behind the running call are served.
  assert.ok(refused > 0 && refused <= N - 1 - 1024, `${refused} refused`);
  assert.deepEqual((await raw.request('after', 'ping')).result, {});
  assert.equal((await raw.close()).code, 0);
});

test('a cancellation whose requestId holds \\u0000 stops no other call', async () => {
  raw = new Raw(['--timeout', '1']);
  raw.send({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'run_python', arguments: { code: 'while True: pass' } } });
  // Read as "a" by a JSON parser that ends strings at NUL.
  raw.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"a\\u0000b"}}\n');
  const m = await raw.next(10000 * SLOW);
  assert.equal(m.id, 'a', 'the call was not cancelled, so it is answered');
  assert.equal(m.result.structuredContent.limit, 'time');
  assert.equal((await raw.close()).code, 0);
});
