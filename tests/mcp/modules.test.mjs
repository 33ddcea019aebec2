// Opt-in modules through the official SDK client (issue 25): what the
// operator allows with --allow-module is what run_python's description
// lists, what a program can import, and nothing more; check_python's hint
// names the modules that can be switched on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, closeClean, text } from './helpers.mjs';

const run = (c, code) => c.callTool({ name: 'run_python', arguments: { code } });
const check = (c, code) => c.callTool({ name: 'check_python', arguments: { code } });

let plain, allowed;
before(async () => {
  plain = await connect();
  allowed = await connect(['--allow-module', 'heapq,bisect']);
});
after(async () => {
  await closeClean(plain);
  await closeClean(allowed);
});

const describe = async (c) =>
  (await c.listTools()).tools.find((t) => t.name === 'run_python').description;

test('the default server lists only the default modules and refuses heapq', async () => {
  const d = await describe(plain);
  assert.match(d, /Importable modules: collections, .*unicodedata\./);
  assert.doesNotMatch(d, /heapq/);
  const r = await run(plain, 'import heapq');
  assert.equal(r.structuredContent.status, 'rejected');
  assert.match(text(r), /SP101/);
  assert.match(text(r), /off unless the operator allows them .*heapq/s);
});

test('--allow-module adds the modules to the description and to what runs', async () => {
  const d = await describe(allowed);
  assert.match(d, /Importable modules: .*unicodedata, heapq, bisect\./);
  const r = await run(allowed, 'import heapq, bisect\nh = [3, 1, 2]\nheapq.heapify(h)\nprint(h, bisect.bisect([1, 2, 4], 3))');
  assert.equal(r.structuredContent.status, 'ok', text(r));
  assert.equal(r.structuredContent.stdout, '[1, 3, 2] 2\n');
});

test('check_python follows the same list; other modules stay refused', async () => {
  const ok = await check(allowed, 'import heapq');
  assert.equal(ok.structuredContent.status, 'ok', text(ok));
  const bad = await run(allowed, 'import json');
  assert.equal(bad.structuredContent.status, 'rejected');
  const os = await run(allowed, 'import os');
  assert.equal(os.structuredContent.status, 'rejected');
});

test('the module list survives reset', async () => {
  const r = await allowed.callTool({ name: 'run_python', arguments: { code: 'import heapq\nprint(heapq.nsmallest(2, [5, 4, 3]))', reset: true } });
  assert.equal(r.structuredContent.stdout, '[3, 4]\n', text(r));
});
