// One MCP session through the SDK client against SAFEPY_BIN: list the tools,
// run `x = 6 * 7` then `x + 1` (state kept between calls), close cleanly.
// For binaries that are not the build tree's (the .deb's, tests/deb.sh).
//   SAFEPY_BIN=/path/to/safepy node tests/mcp/smoke.mjs
import assert from 'node:assert/strict';
import { connect, closeClean, text } from './helpers.mjs';

const client = await connect();
const { tools } = await client.listTools();
assert.ok(tools.some((t) => t.name === 'run_python'), 'run_python is listed');
const run = (code) => client.callTool({ name: 'run_python', arguments: { code } });
const first = await run('x = 6 * 7');
assert.equal(first.isError, false, text(first));
const second = await run('x + 1');
assert.equal(second.isError, false, text(second));
assert.match(text(second), /43/);
await closeClean(client);
console.log('mcp smoke: 1 passed, 0 failed');
