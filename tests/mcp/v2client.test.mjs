// The v2 TypeScript SDK client (protocol revision 2026-07-28, stateless: no
// initialize, server/discover, the version and capabilities in every
// request's _meta) against `safepy mcp`: pinned to 2026-07-28 as a
// modern-only client is, and in `auto` mode, which must now choose
// 2026-07-28 over the 2025 handshake.  The v1 client tests next to this one
// keep the legacy revisions covered on the same binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BIN, text } from './helpers.mjs';

async function connectV2(mode) {
  const transport = new StdioClientTransport({ command: BIN, args: ['mcp'], stderr: 'pipe' });
  const stderr = [];
  transport.stderr.on('data', (d) => stderr.push(d));
  const client = new Client({ name: 'safepy-v2-tests', version: '0.0.0' },
    { versionNegotiation: { mode } });
  await client.connect(transport);
  return { client, transport, stderr };
}

async function closeV2({ client, transport, stderr }) {
  const proc = transport._process;
  const exited = proc && proc.exitCode === null
    ? new Promise((resolve) => proc.once('exit', resolve)) : Promise.resolve();
  await client.close();
  await exited;
  const err = Buffer.concat(stderr.map((d) => Buffer.from(d))).toString();
  assert.doesNotMatch(err, /Sanitizer|runtime error/, err);
  if (proc) {
    assert.equal(proc.signalCode, null, 'the server had to be killed');
    assert.equal(proc.exitCode, 0, err);
  }
}

test('v2 client pinned to 2026-07-28: discover, tools, notebook state kept', async () => {
  const c = await connectV2({ pin: '2026-07-28' });
  try {
    assert.equal(c.client.getProtocolEra(), 'modern');
    assert.equal(c.client.getNegotiatedProtocolVersion(), '2026-07-28');
    const d = c.client.getDiscoverResult();
    assert.deepEqual(d.supportedVersions, ['2026-07-28']);
    assert.ok(d.capabilities.tools);
    assert.match(d.instructions, /sandbox/);
    assert.equal(c.client.getServerVersion()?.name, 'safepy');

    const { tools } = await c.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['check_python', 'run_python']);
    assert.match(tools.find((t) => t.name === 'run_python').description, /persist between calls/);

    let r = await c.client.callTool({ name: 'run_python', arguments: { code: 'x = 6 * 7' } });
    assert.equal(r.isError, false);
    r = await c.client.callTool({ name: 'run_python', arguments: { code: 'x + 1' } });
    assert.equal(r.isError, false);
    assert.equal(text(r), '43');
    assert.equal(r.structuredContent.result, '43');

    // reset still clears the session in this era
    r = await c.client.callTool({ name: 'run_python', arguments: { code: 'x', reset: true } });
    assert.equal(r.isError, true);
    assert.match(text(r), /NameError: name 'x' is not defined/);

    r = await c.client.callTool({ name: 'check_python', arguments: { code: 'open("f")' } });
    assert.equal(r.structuredContent.status, 'rejected');
  } finally {
    await closeV2(c);
  }
});

test('v2 client in auto mode negotiates 2026-07-28, not the 2025 handshake', async () => {
  const c = await connectV2('auto');
  try {
    assert.equal(c.client.getProtocolEra(), 'modern');
    assert.equal(c.client.getNegotiatedProtocolVersion(), '2026-07-28');
    await c.client.callTool({ name: 'run_python', arguments: { code: 'y = [1, 2]' } });
    const r = await c.client.callTool({ name: 'run_python', arguments: { code: 'y.append(3); print(y)' } });
    assert.equal(r.structuredContent.stdout, '[1, 2, 3]\n');
  } finally {
    await closeV2(c);
  }
});

test('v2 client in legacy mode still gets the 2025-11-25 handshake', async () => {
  const c = await connectV2('legacy');
  try {
    assert.equal(c.client.getProtocolEra(), 'legacy');
    assert.equal(c.client.getNegotiatedProtocolVersion(), '2025-11-25');
    const r = await c.client.callTool({ name: 'run_python', arguments: { code: 'print(6 * 7)' } });
    assert.equal(r.structuredContent.stdout, '42\n');
  } finally {
    await closeV2(c);
  }
});
