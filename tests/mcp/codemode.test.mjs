// Code mode: `safepy mcp --upstream FILE` against the reference server
// @modelcontextprotocol/server-everything (pinned in package.json; its
// tools there are echo, get-sum, get-structured-content, get-tiny-image,
// get-resource-reference (an error result for an unknown resourceType),
// trigger-long-running-operation (the slow call), get-env...) and against
// fixtures/hostile_upstream.mjs, a server that misbehaves on purpose.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, closeClean, text, BIN, SLOW } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVERYTHING = path.join(here, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const HOSTILE = path.join(here, 'fixtures/hostile_upstream.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'safepy-codemode-'));

function config(name, servers) {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}
const everything = (extra = {}) => ({ command: process.execPath, args: [EVERYTHING, 'stdio'], ...extra });

const run = (c, code, opts) => c.callTool({ name: 'run_python', arguments: { code } }, undefined, opts);
const out = async (c, code) => {
  const r = await run(c, code);
  assert.equal(r.structuredContent.status, 'ok', text(r));
  return r.structuredContent.stdout;
};

// The pid of the child of safepy whose command line contains `needle`.
function childPid(client, needle) {
  const pid = client.safepy.proc.pid;
  const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  for (const k of kids) {
    try {
      if (readFileSync(`/proc/${k}/cmdline`, 'utf8').includes(needle)) return Number(k);
    } catch { /* gone */ }
  }
  return null;
}

let client;
before(async () => {
  const file = config('main', {
    everything: everything({ excludeTools: ['get-env'], maxCallsPerRun: 5, timeoutSeconds: 3 * SLOW }),
  });
  client = await connect(['--upstream', file, '--timeout', String(20 * SLOW)]);
});
after(async () => {
  await closeClean(client);
  rmSync(dir, { recursive: true, force: true });
});

test('run_python lists every function with its signature; excluded tools are absent', async () => {
  const { tools } = await client.listTools();
  const d = tools.find((t) => t.name === 'run_python').description;
  assert.match(d, /everything\.echo\(\*, message: str\): Echoes back the input string/);
  assert.match(d, /everything\.get_sum\(\*, a: float, b: float\)/);
  assert.match(d, /everything\.get_structured_content\(\*, location: str\)/);
  assert.match(d, /everything\.get_tiny_image\(\)/);
  assert.match(d, /tools\.ToolError/);
  assert.doesNotMatch(d, /get_env/);
  assert.match(client.getInstructions(), /The module tools holds functions/);
});

test('echo, get-sum and structured content come back as Python data', async () => {
  assert.equal(await out(client, 'from tools import everything\nprint(everything.echo(message="hi ünï"))'),
    'Echo: hi ünï\n');
  assert.equal(await out(client, 'print(repr(everything.get_sum(a=2, b=0.5)))'),
    "'The sum of 2 and 0.5 is 2.5.'\n");
  assert.equal(await out(client, [
    'r = everything.get_structured_content(location="Chicago")',
    'print(type(r).__name__, sorted(r))',
  ].join('\n')), "dict ['conditions', 'humidity', 'temperature']\n");
  // a text block and an image block: a list of a str and a dict
  assert.equal(await out(client, [
    'r = everything.get_tiny_image()',
    'print([type(b).__name__ for b in r], r[1]["type"], r[1]["mimeType"])',
  ].join('\n')), "['str', 'dict', 'str'] image image/png\n");
  assert.equal(await out(client, 'print(everything.echo.__doc__)'), 'Echoes back the input string\n');
});

test('an error result raises tools.ToolError, which the program can catch', async () => {
  assert.equal(await out(client, [
    'import tools',
    'try:',
    '    everything.get_resource_reference(resourceType="Nope")',
    'except tools.ToolError as e:',
    '    print("caught", type(e).__name__, "resourceType" in str(e))',
  ].join('\n')), 'caught ToolError True\n');
  const r = await run(client, 'everything.get_resource_reference(resourceType="Nope")');
  assert.equal(r.structuredContent.status, 'error');
  assert.match(r.structuredContent.error, /^tools\.ToolError: /m);
});

test('arguments are checked like a Python signature, with CPython\'s TypeErrors', async () => {
  let r = await run(client, 'everything.echo()');
  assert.match(r.structuredContent.error,
    /TypeError: echo\(\) missing 1 required keyword-only argument: 'message'/);
  r = await run(client, 'everything.echo("hi")');
  assert.match(r.structuredContent.error, /TypeError: echo\(\) takes 0 positional arguments but 1 was given/);
  r = await run(client, 'everything.echo(message="a", other=1)');
  assert.match(r.structuredContent.error, /TypeError: echo\(\) got an unexpected keyword argument 'other'/);
});

test('only plain data crosses: bytes, sets and objects are TypeErrors, nan a ValueError', async () => {
  for (const [arg, re] of [
    ['b"x"', /TypeError: Object of type bytes is not JSON serializable/],
    ['{1, 2}', /TypeError: Object of type set is not JSON serializable/],
    ['object()', /TypeError: .*object/],
    ['[print]', /TypeError/],
    ['{(1, 2): 3}', /TypeError: keys must be str, int, bool or None, not tuple/],
    ['float("nan")', /ValueError: Out of range float values are not JSON compliant/],
  ]) {
    const r = await run(client, `everything.echo(message=${arg})`);
    assert.equal(r.structuredContent.status, 'error', arg);
    assert.match(r.structuredContent.error, re, arg);
  }
});

test('a tool the configuration excludes cannot be reached', async () => {
  for (const code of ['everything.get_env()', 'getattr(everything, "get_env")()',
    'from tools.everything import get_env', 'import tools\ntools.everything.get_env()']) {
    const r = await run(client, code);
    assert.notEqual(r.structuredContent.status, 'ok', code);
    assert.doesNotMatch(JSON.stringify(r), /PATH|HOME=/, code);
  }
});

test('the calls-per-run limit raises ToolError and resets with the next run', async () => {
  const r = await run(client, 'for i in range(6):\n    everything.echo(message=str(i))');
  assert.equal(r.structuredContent.status, 'error');
  assert.match(r.structuredContent.error, /ToolError: .*limit of 5 calls per run/);
  assert.equal(await out(client, 'print(everything.echo(message="again"))'), 'Echo: again\n');
});

test('the per-call timeout raises ToolError; the server keeps working', async () => {
  const r = await run(client, `everything.trigger_long_running_operation(duration=${6 * SLOW}, steps=2)`);
  assert.equal(r.structuredContent.status, 'error');
  assert.match(r.structuredContent.error, /ToolError: .*timed out after \d+ s/);
  assert.equal(await out(client, 'print(everything.echo(message="after"))'), 'Echo: after\n');
});

test('cancelling run_python during a slow call cancels it; the session stays', async () => {
  await out(client, 'from tools import everything\nkept = 41');
  const ac = new AbortController();
  const p = run(client, 'everything.trigger_long_running_operation(duration=2, steps=2)', { signal: ac.signal });
  setTimeout(() => ac.abort('test cancels'), 500);
  await assert.rejects(p);
  const r = await run(client, 'print(kept + 1)');
  assert.equal(r.structuredContent.stdout, '42\n');
  assert.equal(r.structuredContent.session_lost, undefined, text(r));
});

test('an upstream killed mid-call is a ToolError and is restarted for the next call', async () => {
  const before = childPid(client, 'server-everything');
  assert.ok(before, 'no upstream process found');
  const p = run(client, [
    'import tools',
    'from tools import everything',
    'try:',
    '    everything.trigger_long_running_operation(duration=2, steps=2)',
    'except tools.ToolError as e:',
    '    print("ToolError:", e)',
  ].join('\n'));
  setTimeout(() => process.kill(before, 'SIGKILL'), 400);
  const r = await p;
  assert.match(r.structuredContent.stdout, /ToolError: .*stopped during the call/, text(r));
  assert.equal(await out(client, 'print(everything.echo(message="back"))'), 'Echo: back\n');
  const after = childPid(client, 'server-everything');
  assert.ok(after && after !== before, 'the upstream was not restarted');
});

test('the run\'s time limit stops a program waiting for a tool, without losing the session', async () => {
  const file = config('short', { everything: everything({ timeoutSeconds: 60 }) });
  const c = await connect(['--upstream', file, '--timeout', '1']);
  try {
    await out(c, 'kept = 1');
    const r = await run(c, 'from tools import everything\neverything.trigger_long_running_operation(duration=5, steps=1)');
    assert.equal(r.structuredContent.status, 'limit');
    assert.equal(r.structuredContent.limit, 'time');
    const r2 = await run(c, 'print(kept)');
    assert.equal(r2.structuredContent.stdout, '1\n');
    assert.equal(r2.structuredContent.session_lost, undefined);
  } finally {
    await closeClean(c);
  }
});

test('without --upstream there is no module tools', async () => {
  const c = await connect([]);
  try {
    for (const code of ['import tools', 'from tools import everything']) {
      const r = await run(c, code);
      assert.equal(r.structuredContent.status, 'rejected', code);
      assert.match(text(r), /SP101/);
    }
  } finally {
    await closeClean(c);
  }
});

// The server exits at startup with a message naming the problem.
function startupError(file) {
  return new Promise((resolve) => {
    const p = spawn(BIN, ['mcp', '--upstream', file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.on('close', (code) => resolve({ code, err }));
    p.stdin.end();
  });
}

test('a wrong configuration stops the server at startup with a clear message', async () => {
  const cases = [
    [{ everything: everything({ timeout: 3 }) }, /unknown key "timeout"/],
    [{ everything: { args: [] } }, /"command" must be a non-empty string/],
    [{ everything: everything({ args: 'x' }) }, /"args" must be an array of strings/],
    [{ everything: everything({ env: { A: 1 } }) }, /env "A" must be a string/],
    [{ everything: everything({ tools: ['echo'], excludeTools: ['get-env'] }) }, /not both/],
    [{ everything: everything({ maxCallsPerRun: -1 }) }, /maxCallsPerRun/],
    [{ everything: everything({ timeoutSeconds: 0 }) }, /timeoutSeconds/],
    [{ 'bad name': everything() }, /does not make a Python name/],
    [{ remote: { url: 'http://localhost:1/mcp' } }, /only stdio servers/],
    [{ everything: everything({ tools: ['echo', 'no-such-tool'] }) }, /"no-such-tool", which the server does not offer/],
    [{ missing: { command: '/nonexistent/server' } }, /stopped before it listed its tools/],
    [{}, /at least one server/],
  ];
  for (const [servers, re] of cases) {
    const { code, err } = await startupError(config('bad', servers));
    assert.notEqual(code, 0, JSON.stringify(servers));
    assert.match(err, re, JSON.stringify(servers));
  }
  const { code, err } = await startupError(path.join(dir, 'absent.json'));
  assert.notEqual(code, 0);
  assert.match(err, /cannot open/);
});

test('a hostile upstream cannot crash or hang the broker or the worker', async () => {
  const file = config('hostile', {
    // room for a 16 MiB answer on a loaded machine; `deeper` waits it out
    hostile: { command: process.execPath, args: [HOSTILE], timeoutSeconds: 6 * SLOW },
  });
  const c = await connect(['--upstream', file, '--timeout', String(10 * SLOW)]);
  try {
    const { tools } = await c.listTools();
    const d = tools.find((t) => t.name === 'run_python').description;
    // both pages listed; names that make no Python name are left out
    assert.match(d, /hostile\.ok\(\)/);
    assert.match(d, /hostile\.dashed\(\*, max_results: int\)/);
    assert.doesNotMatch(d, /bad name|hostile\.import/);
    await out(c, 'from tools import hostile\nimport tools');
    const call = async (code) => (await run(c, code)).structuredContent;
    const toolError = async (name, re) => {
      const r = await call(`hostile.${name}()`);
      assert.equal(r.status, 'error', name);
      assert.match(r.error, re, name);
      assert.equal(await out(c, 'print(hostile.ok())'), 'fine\n', `after ${name}`);
    };
    await toolError('huge', /ToolError: .*larger than 16 MiB/);
    await toolError('deep', /ToolError: .*nested too deeply/);
    await toolError('deeper', /ToolError: .*timed out/);
    await toolError('silent', /ToolError: .*timed out/);
    // the timed-out call was cancelled upstream
    const ids = JSON.parse(await out(c, 'print(hostile.cancelled()["ids"])'));
    assert.equal(ids.length, 2, 'deeper and silent timed out: two cancellations');
    // cancelling run_python cancels the call in flight upstream
    const ac = new AbortController();
    const p = run(c, 'hostile.silent()', { signal: ac.signal });
    setTimeout(() => ac.abort('test cancels'), 300);
    await assert.rejects(p);
    const ids2 = JSON.parse(await out(c, 'print(hostile.cancelled()["ids"])'));
    assert.equal(ids2.length, 3, 'run_python\'s cancellation reached the upstream');
    assert.ok(ids2[2] > ids2[1]);
    await toolError('bad_utf8', /ToolError: .*not valid UTF-8/);
    await toolError('nul', /ToolError: .*NUL characters/);
    await toolError('exit', /ToolError: .*stopped during the call/);
    assert.equal(await out(c, 'print(hostile.garbage())'), 'after garbage\n');
    assert.equal(await out(c, 'print(hostile.asks())'), 'asked; got error -32601\n');
    assert.equal(await out(c, 'print(hostile.mixed())'),
      "['see', {'type': 'image', 'data': 'AAAA', 'mimeType': 'image/png'}]\n");
    assert.equal(await out(c, 'print(hostile.dashed(max_results=10**20))'),
      '{"max-results":100000000000000000000}\n');
  } finally {
    await closeClean(c);
  }
});

// The security suite's escape attempts and failing programs, run with host
// functions present: `tools` importable and a server behind it changes
// nothing for them (the limit cases depend on per-case limits and stay in
// tests/security.sh).
test('the security suite\'s refused and failing programs stay so with code mode on', async () => {
  const secdir = path.join(here, '../security');
  const cases = [];
  const modules = new Set();
  for (const f of readdirSync(secdir).filter((n) => n.endsWith('.py')).sort()) {
    const src = readFileSync(path.join(secdir, f), 'utf8');
    const exp = /^# expect: exit=([12])\b/m.exec(src);
    if (!exp) continue;
    const args = /^# args: (.*)$/m.exec(src);
    for (const m of (args ? args[1] : '').matchAll(/--allow-module (\S+)/g)) {
      for (const name of m[1].split(',')) modules.add(name);
    }
    cases.push([f, src, exp[1] === '2' ? 'rejected' : 'error']);
  }
  assert.ok(cases.length >= 40, `only ${cases.length} cases`);
  const file = config('security', { everything: everything() });
  const args = ['--upstream', file, '--timeout', String(10 * SLOW)];
  if (modules.size) args.push('--allow-module', [...modules].join(','));
  const c = await connect(args);
  try {
    await out(c, 'from tools import everything\nimport tools');
    for (const [f, src, want] of cases) {
      const r = await run(c, src);
      assert.equal(r.structuredContent.status, want, `${f}: ${text(r)}`);
    }
    assert.equal(await out(c, 'print(everything.echo(message="still here"))'), 'Echo: still here\n');
  } finally {
    await closeClean(c);
  }
});

test('a program cannot reach past a host function into the broker or the server', async () => {
  for (const code of [
    'everything.echo.__globals__',
    'everything.echo.__closure__',
    'everything.echo.__code__',
    'type(everything).__subclasses__()',
    'tools.__loader__',
    'everything.__dict__["echo"].__self__',
    'getattr(everything.echo, "__globals__")',
    'import tools.everything as e\ne.__builtins__',
  ]) {
    const r = await run(client, `import tools\nfrom tools import everything\n${code}`);
    assert.notEqual(r.structuredContent.status, 'ok', `${code}: ${text(r)}`);
  }
  // a subclass of ToolError raised by the program is the program's own
  assert.equal(await out(client, [
    'class Mine(tools.ToolError): pass',
    'try:',
    '    raise Mine("x")',
    'except tools.ToolError as e:',
    '    print(type(e).__name__, isinstance(e, Exception))',
  ].join('\n')), 'Mine True\n');
});
