// `make install PREFIX=...` puts a self-contained binary where a client
// config can point at it: it serves MCP from any directory, with the rules
// embedded.  Installs the release build, so it runs once (not for ASan).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RELEASE = path.join(ROOT, 'build/safepy');

test('make install PREFIX= installs a binary that serves MCP from anywhere; uninstall removes it',
  { skip: BIN !== RELEASE && 'installs the release build only' }, async () => {
    const prefix = mkdtempSync(path.join(tmpdir(), 'safepy-install-'));
    try {
      execFileSync('make', ['-s', '-C', ROOT, 'install', `PREFIX=${prefix}`], { stdio: ['ignore', 'ignore', 'inherit'] });
      const bin = path.join(prefix, 'bin/safepy');
      assert.ok(statSync(bin).mode & 0o111, 'executable');
      assert.ok(existsSync(path.join(prefix, 'share/doc/safepy/README.md')));
      assert.match(execFileSync(bin, ['--version'], { encoding: 'utf8' }), /^safepy \d/);

      // From an empty directory, as a client launches it.
      const proc = spawn(bin, ['mcp'], { cwd: prefix, stdio: ['pipe', 'pipe', 'inherit'] });
      let out = '';
      let gotTwo;
      const two = new Promise((r) => { gotTwo = r; });
      proc.stdout.setEncoding('utf8');
      proc.stdout.on('data', (d) => { out += d; if (out.split('\n').length > 2) gotTwo(); });
      const exited = new Promise((r) => proc.on('exit', (code) => r(code)));
      proc.stdin.write([
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'check_python', arguments: { code: 'import os' } } },
      ].map((m) => JSON.stringify(m) + '\n').join(''));
      await two;
      proc.stdin.end();
      assert.equal(await exited, 0);
      const msgs = out.trim().split('\n').map((l) => JSON.parse(l));
      assert.equal(msgs[0].result.serverInfo.name, 'safepy');
      // The embedded rules came along: the import is refused by its rule.
      assert.equal(msgs[1].result.structuredContent.status, 'rejected');
      assert.ok(msgs[1].result.structuredContent.diagnostics.some((d) => /\bos\b/.test(d.message)));

      execFileSync('make', ['-s', '-C', ROOT, 'uninstall', `PREFIX=${prefix}`], { stdio: ['ignore', 'ignore', 'inherit'] });
      assert.ok(!existsSync(bin));
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
