// The tools through the official SDK client: what a real MCP client sees.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, closeClean, text } from './helpers.mjs';

let client;
before(async () => { client = await connect(); });
after(async () => { await closeClean(client); });

const run = (code, extra = {}) =>
  client.callTool({ name: 'run_python', arguments: { code, ...extra } });

test('initialize: server info, instructions name the modules', async () => {
  const info = client.getServerVersion();
  assert.equal(info.name, 'safepy');
  assert.match(info.version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(client.getServerCapabilities().tools, { listChanged: false });
  const instr = client.getInstructions();
  assert.match(instr, /math/);
  assert.match(instr, /reset/);
  assert.match(instr, /network/);
});

test('initialize: the instructions name exactly what the evaluator still refuses', async () => {
  const instr = client.getInstructions();
  const refused = /Not supported yet[^:]*: ([^\n]*)\./.exec(instr);
  assert.ok(refused, instr);
  assert.doesNotMatch(instr, /\(none\)/, 'no empty lists in the instructions');
  // Named as refused: each must really be refused, naming the construct.
  const mustRefuse = [
    ['except*', 'try:\n    pass\nexcept* ValueError:\n    pass'],
  ];
  for (const [name, code] of mustRefuse) {
    assert.ok(refused[1].includes(name), `instructions should name ${name}: ${refused[1]}`);
    const r = await run(code);
    assert.ok(r.isError, `${name} runs, but the instructions call it unsupported`);
    assert.match(text(r), /not supported by safepy/);
  }
  // Supported now: the instructions must not tell the model to avoid them.
  const supported = [
    ['class', 'class A:\n    pass\nA()'],
    ['decorator', 'def d(f):\n    return f\n@d\ndef g():\n    return 1\ng()'],
    ['with', 'class C:\n    def __enter__(self): return 1\n    def __exit__(self, *a): return False\nwith C() as c:\n    pass'],
    ['match', 'match 1:\n    case 1:\n        pass'],
    ['bytes', "b'x' + bytes(2)"],
    ['complex', '(1 + 2j) * 1j'],
    ['async def', 'async def f():\n    return 1\nc = f()\ntry:\n    c.send(None)\nexcept StopIteration as e:\n    print(e.value)'],
  ];
  for (const [name, code] of supported) {
    const r = await run(code);
    assert.equal(r.isError, false, `${name}: ${text(r)}`);
    assert.ok(!refused[1].includes(name), `instructions call ${name} unsupported, but it runs`);
  }
});

test('tools/list: run_python and check_python with schemas and annotations', async () => {
  const { tools } = await client.listTools();
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  assert.deepEqual(Object.keys(byName).sort(), ['check_python', 'run_python']);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object');
    assert.equal(t.inputSchema.additionalProperties, false);
    assert.deepEqual(t.inputSchema.required, ['code']);
    assert.equal(t.inputSchema.properties.code.type, 'string');
    assert.equal(t.outputSchema.type, 'object');
    assert.ok(t.description.length > 40);
    assert.equal(t.annotations.openWorldHint, false);
    assert.equal(t.annotations.destructiveHint, false);
  }
  assert.equal(byName.run_python.inputSchema.properties.reset.type, 'boolean');
  assert.equal(byName.run_python.annotations.readOnlyHint, false);
  assert.equal(byName.run_python.annotations.idempotentHint, false);
  assert.equal(byName.check_python.annotations.readOnlyHint, true);
});

test('run_python: print(6*7) prints 42', async () => {
  const r = await run('print(6*7)');
  assert.equal(r.isError, false);
  assert.equal(r.structuredContent.status, 'ok');
  assert.equal(r.structuredContent.stdout, '42\n');
  assert.match(text(r), /^42\n?$/);
});

test('run_python: the value of a final expression is the result', async () => {
  const r = await run('1+2');
  assert.equal(r.isError, false);
  assert.equal(r.structuredContent.result, '3');
  assert.match(text(r), /3/);
});

test('run_python: stdout comes first, then the repr of the final value', async () => {
  const r = await run('print("héllo ✓")\n"b"');
  assert.equal(r.structuredContent.stdout, 'héllo ✓\n');
  assert.equal(r.structuredContent.result, "'b'");
  assert.equal(text(r), "héllo ✓\n'b'");
});

test('run_python: a syntax error is a rejection with a syntax diagnostic', async () => {
  const r = await run('def f(:\n    pass');
  assert.equal(r.isError, true);
  assert.equal(r.structuredContent.status, 'rejected');
  const d = r.structuredContent.diagnostics;
  assert.ok(d.length >= 1 && d.every((x) => x.severity === 'error'), JSON.stringify(d));
  assert.equal(d[0].rule, 'syntax');
  assert.equal(d[0].line, 1);
});

test('run_python: state persists between calls, reset clears it', async () => {
  let r = await run('x = 5');
  assert.equal(r.structuredContent.status, 'ok');
  r = await run('print(x+1)');
  assert.equal(r.structuredContent.stdout, '6\n');
  r = await run('print(x+1)', { reset: true });
  assert.equal(r.isError, true);
  assert.equal(r.structuredContent.status, 'error');
  assert.match(r.structuredContent.error, /NameError: name 'x' is not defined/);
  assert.match(text(r), /NameError/);
});

test('run_python: a Python exception is an isError result with the traceback', async () => {
  const r = await run('1/0');
  assert.equal(r.isError, true);
  assert.equal(r.structuredContent.status, 'error');
  assert.match(r.structuredContent.error, /ZeroDivisionError: division by zero/);
  assert.match(text(r), /Traceback[\s\S]*ZeroDivisionError: division by zero/);
});

test('run_python: output printed before an exception is kept', async () => {
  const r = await run('print("before")\nraise ValueError("bad value")');
  assert.equal(r.isError, true);
  assert.equal(r.structuredContent.stdout, 'before\n');
  assert.match(r.structuredContent.error, /ValueError: bad value/);
  assert.match(text(r), /^before\n[\s\S]*ValueError: bad value/);
});

test('run_python: import os is rejected before running, with diagnostics', async () => {
  const r = await run('import os\nprint("ran")');
  assert.equal(r.isError, true);
  const sc = r.structuredContent;
  assert.equal(sc.status, 'rejected');
  assert.equal(sc.stdout, '');
  assert.ok(sc.diagnostics.length >= 1);
  const d = sc.diagnostics.find((x) => /\bos\b/.test(x.message));
  assert.ok(d, 'a diagnostic mentions os: ' + JSON.stringify(sc.diagnostics));
  assert.equal(d.severity, 'error');
  assert.equal(d.line, 1);
  assert.ok(d.hint.length > 0);
  assert.match(text(r), /os/);
  assert.doesNotMatch(text(r), /^ran$/m);
});

test('check_python: analyzes without running', async () => {
  let r = await client.callTool({ name: 'check_python', arguments: { code: 'import os' } });
  assert.equal(r.structuredContent.status, 'rejected');
  assert.ok(r.structuredContent.diagnostics.some((d) => /\bos\b/.test(d.message)));
  r = await client.callTool({ name: 'check_python', arguments: { code: 'print("hello")' } });
  assert.equal(r.isError, false);
  assert.equal(r.structuredContent.status, 'ok');
  assert.equal(r.structuredContent.stdout, '', 'check_python must not run the code');
});

test('bad arguments are isError results, not protocol errors', async () => {
  for (const args of [{}, { code: 42 }, { code: 'print(1)', reset: 'yes' }, { code: 'x', extra: 1 },
    { code: 'print("a\u0000b")' }]) {
    const r = await client.callTool({ name: 'run_python', arguments: args });
    assert.equal(r.isError, true, JSON.stringify(args));
    assert.match(text(r), /Invalid arguments/);
  }
});

test('an unknown tool is a JSON-RPC error -32602', async () => {
  await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }),
    (e) => e.code === -32602 && /no_such_tool/.test(e.message));
});
