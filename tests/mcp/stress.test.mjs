// The raw protocol under abuse, in one stream: garbage lines, invalid UTF-8,
// an over-long line, requests split at random byte offsets (inside UTF-8
// characters and between \r and \n), 200 requests in flight with pings and
// cancellations interleaved.  Every answer must be one valid UTF-8 JSON-RPC
// message matched to a request by its id, exactly once; nothing is asserted
// on time.  The stream is the same on every run (a fixed seed).
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { Raw, SLOW } from './helpers.mjs';

let raw;
afterEach(() => raw?.kill());

// xorshift32: a reproducible stream without a dependency.
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('garbage, partial lines, a huge line, 200 in flight with pings and cancels: every answer valid, matched once', async () => {
  raw = new Raw(['--timeout', '2']);
  const rand = rng(20261203);
  const parts = [];      // the stream, as Buffers
  const want = new Map(); // id key -> what its answer must be
  const cancelled = new Set();
  let errorsWithoutId = 0;
  const key = (id) => typeof id + ':' + String(id);
  const line = (obj) => Buffer.from(JSON.stringify(obj) + (rand(4) === 0 ? '\r\n' : '\n'));

  for (let i = 0; i < 200; i++) {
    const id = i % 3 === 0 ? `s-${i}-é` : i % 3 === 1 ? i : -i - 1;
    const kind = rand(10);
    if (kind < 4) {
      parts.push(line({ jsonrpc: '2.0', id, method: 'ping' }));
      want.set(key(id), { ping: true });
    } else if (kind < 9) {
      // Non-ASCII output, so chunk boundaries fall inside characters.
      const code = `print('é€😀', ${i})`;
      parts.push(line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'run_python', arguments: { code } } }));
      want.set(key(id), { stdout: `é€😀 ${i}\n` });
      if (rand(5) === 0) {
        parts.push(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'stress' } }));
        cancelled.add(key(id));
      }
    } else {
      parts.push(line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'check_python', arguments: { code: 'import os' } } }));
      want.set(key(id), { check: true });
    }
    const junk = rand(8);
    if (junk === 0) {
      // Random bytes after a '#': never JSON, never blank, never a '\n'.
      const n = 1 + rand(300);
      const b = Buffer.alloc(n + 2);
      b[0] = 0x23;
      for (let k = 1; k <= n; k++) { let c = rand(256); if (c === 0x0a) c = 0x20; b[k] = c; }
      b[n + 1] = 0x0a;
      parts.push(b);
      errorsWithoutId++;
    } else if (junk === 1) {
      parts.push(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d, 0x0a])); // {"\xc3("}: invalid UTF-8
      errorsWithoutId++;
    } else if (junk === 2) {
      parts.push(Buffer.from('{"jsonrpc":"2.0","id":'));  // JSON cut short
      parts.push(Buffer.from('\n'));
      errorsWithoutId++;
    }
    if (i === 100) {
      parts.push(Buffer.from('{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"' + 'x'.repeat(17 << 20) + '"}}\n'));
      errorsWithoutId++; // over the cap: refused without reading its id
    }
  }

  // The seed gives a stream with every ingredient the test is named for.
  assert.ok(cancelled.size >= 5 && errorsWithoutId >= 20, `${cancelled.size} cancels, ${errorsWithoutId} bad lines`);

  // Write in random-sized pieces, pausing now and then so the server sees
  // partial lines at its read boundaries.
  const all = Buffer.concat(parts);
  for (let off = 0; off < all.length;) {
    const n = all.length - off > (1 << 20) ? 1 + rand(1 << 20) : 1 + rand(700);
    raw.send(all.subarray(off, off + n));
    off += n;
    if (rand(16) === 0) await sleep(1);
  }

  const seen = new Set();
  let idless = 0;
  const required = [...want.keys()].filter((k) => !cancelled.has(k));
  const done = () => required.every((k) => seen.has(k)) && idless === errorsWithoutId;
  while (!done()) {
    const m = await raw.next(60000 * SLOW);
    assert.equal(m.jsonrpc, '2.0');
    assert.ok(('result' in m) !== ('error' in m), 'exactly one of result and error');
    if (!('id' in m)) {
      assert.ok(m.error.code === -32700 || m.error.code === -32600, JSON.stringify(m));
      idless++;
      continue;
    }
    const k = key(m.id);
    assert.ok(want.has(k), `an answer for an id never sent: ${JSON.stringify(m.id)}`);
    assert.ok(!seen.has(k), `a second answer for ${JSON.stringify(m.id)}`);
    seen.add(k);
    const w = want.get(k);
    if (w.ping) assert.deepEqual(m.result, {});
    else if (w.check) assert.equal(m.result.structuredContent.status, 'rejected');
    else assert.equal(m.result.structuredContent.stdout, w.stdout);
  }
  assert.equal(idless, errorsWithoutId);
  // The server still answers after all that, then exits cleanly on EOF.
  assert.deepEqual((await raw.request('after', 'ping')).result, {});
  assert.equal((await raw.close()).code, 0);
  assert.doesNotMatch(raw.stderr, /Sanitizer|runtime error/);
});
