// `safepy lint --format sarif` validated against the SARIF 2.1.0 JSON schema
// (2.1.0-rtm.5, JSON Schema draft-04) with ajv.  The schema is not committed:
// run.sh fetches it with tests/lint/sarif_schema.sh (a pinned npm package,
// checked by its sha512) and passes its path in SARIF_SCHEMA.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv-draft-04';
import { BIN } from './helpers.mjs';

const SCHEMA = process.env.SARIF_SCHEMA || path.resolve('../../build/sarif/sarif-2.1.0-rtm.5.json');

function validator() {
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
  assert.match(schema.title, /SARIF\) Version 2\.1\.0/);
  // the schema's own "format" values (uri, date-time...) are checked too.
  // unicodeRegExp: false, as JSON Schema draft-04 regexes are ECMA 262 ones
  // without the u flag (the schema's language pattern has a stray ']').
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  for (const f of ['uri', 'uri-reference', 'date-time'])
    ajv.addFormat(f, f === 'date-time' ? /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/ : /^[^\s]*$/);
  return { ajv, check: ajv.compile(schema) };
}

function lint(args, input) {
  const r = spawnSync(BIN, ['lint', '--format', 'sarif', ...args], { input: input ?? '', encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

test('lint --format sarif conforms to the SARIF 2.1.0 schema', () => {
  const { ajv, check } = validator();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'safepy-sarif-'));
  try {
    const files = {
      'findings.py': 'import os\nx = eval("1")  # safepy: ignore[SP201]\nimport random\nrandom._os.system("id")\n',
      'syntax.py': 'def f(:\n    pass\n',
      'clean.py': 'print(sum(range(10)))\n',
      'unicode é.py': 's = "é€😀"; getattr(s, "__class__")\n',
      'bare.py': 'x = 1  # safepy: ignore\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const cases = [
      [path.join(dir, 'findings.py')],
      [path.join(dir, 'syntax.py')],
      [path.join(dir, 'clean.py')],
      [path.join(dir, 'unicode é.py'), path.join(dir, 'bare.py')],
      [dir],
      ['--profile', 'sandbox', dir],
      ['-'],
    ];
    let results = 0;
    for (const args of cases) {
      const log = lint(args, 'import subprocess\n');
      const ok = check(log);
      assert.ok(ok, `${args.join(' ')}: ${ajv.errorsText(check.errors)}`);
      assert.equal(log.version, '2.1.0');
      results += log.runs[0].results.length;
    }
    assert.ok(results >= 8, `results: ${results}`);
    // the schema is strict enough to catch a broken log
    const bad = lint([path.join(dir, 'findings.py')]);
    bad.runs[0].results[0].level = 'fatal';
    assert.equal(check(bad), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
