// The MCP Inspector's CLI (a second real client, pinned in package.json)
// lists and calls both tools.  Each run starts its own server, connects,
// makes one request and disconnects, so these also check that the server
// starts and stops cleanly under another client's transport.  Arguments
// after `--` are the server's, so they cannot be taken for the Inspector's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, SLOW } from './helpers.mjs';

const INSPECTOR = path.join(path.dirname(fileURLToPath(import.meta.url)),
  'node_modules/.bin/mcp-inspector');

// Resolves { code, out, err }: the CLI exits non-zero for a tool result
// with isError, which some tests expect.
function inspector(args, serverArgs = []) {
  return new Promise((resolve) => {
    execFile(INSPECTOR, ['--cli', ...args, '--', BIN, 'mcp', ...serverArgs],
      { timeout: 60000 * SLOW, maxBuffer: 16 << 20 },
      (error, out, err) => resolve({ code: error ? error.code ?? 1 : 0, out, err }));
  });
}

const json = (r) => {
  try { return JSON.parse(r.out); } catch { throw new Error(`not JSON (exit ${r.code}): ${r.out}\n${r.err}`); }
};

test('Inspector CLI: tools/list shows both tools with their schemas', async () => {
  const r = await inspector(['--method', 'tools/list']);
  assert.equal(r.code, 0, r.err);
  const tools = json(r).tools;
  assert.deepEqual(tools.map((t) => t.name).sort(), ['check_python', 'run_python']);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object');
    assert.deepEqual(t.inputSchema.required, ['code']);
    assert.equal(t.outputSchema.type, 'object');
  }
});

test('Inspector CLI: run_python prints, check_python refuses os', async () => {
  let r = await inspector(['--method', 'tools/call', '--tool-name', 'run_python', '--tool-arg', 'code=print(6*7)']);
  assert.equal(r.code, 0, r.err);
  let res = json(r);
  assert.equal(res.isError, false);
  assert.equal(res.structuredContent.stdout, '42\n');
  assert.equal(res.content[0].text, '42\n');

  r = await inspector(['--method', 'tools/call', '--tool-name', 'check_python', '--tool-arg', 'code=import os']);
  assert.equal(r.code, 0, r.err);
  res = json(r);
  assert.equal(res.structuredContent.status, 'rejected');
  assert.ok(res.structuredContent.diagnostics.some((d) => /\bos\b/.test(d.message)));
});

test('Inspector CLI: a limit from the server command line is an isError result', async () => {
  const r = await inspector(['--method', 'tools/call', '--tool-name', 'run_python', '--tool-arg', 'code=while True: pass'],
    ['--timeout', '0.5']);
  assert.notEqual(r.code, 0, 'the CLI reports isError through its exit status');
  const res = json(r);
  assert.equal(res.isError, true);
  assert.equal(res.structuredContent.status, 'limit');
  assert.equal(res.structuredContent.limit, 'time');
});
