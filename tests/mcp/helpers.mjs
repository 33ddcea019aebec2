// Shared helpers for the MCP tests: where the binary is, an SDK client
// connected to it, and a raw line-based connection for protocol tests.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// run.sh sets SAFEPY_BIN from its first argument.
export const BIN = path.resolve(process.env.SAFEPY_BIN || '../../build/safepy');
if (!existsSync(BIN)) throw new Error(`safepy binary not found: ${BIN} (set SAFEPY_BIN)`);

// Sanitizer builds are slower; give every deadline some room.
export const SLOW = /asan/.test(BIN) ? 3 : 1;

// An SDK client connected to `safepy mcp ARGS`.  Lists the tools once so
// that the client validates every structuredContent against outputSchema,
// as a real client does.
export async function connect(args = []) {
  const transport = new StdioClientTransport({
    command: BIN,
    args: ['mcp', ...args],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'safepy-tests', version: '0.0.0' });
  await client.connect(transport);
  const stderr = [];
  transport.stderr.on('data', (d) => stderr.push(d));
  // The transport keeps the child private; the exit status is worth seeing.
  client.safepy = { proc: transport._process, stderr };
  await client.listTools();
  return client;
}

// Closes the client as real clients do (end stdin) and checks that the
// server exited by itself with status 0 and without sanitizer reports
// (a leak or an ASan error makes the exit status non-zero too).
export async function closeClean(client) {
  if (!client) return;
  const { proc, stderr } = client.safepy;
  const exited = proc.exitCode !== null ? Promise.resolve()
    : new Promise((resolve) => proc.once('exit', resolve));
  await client.close();
  await exited;
  const err = Buffer.concat(stderr.map((d) => Buffer.from(d))).toString();
  assert.doesNotMatch(err, /Sanitizer|runtime error/, err);
  assert.equal(proc.signalCode, null, 'the server had to be killed');
  assert.equal(proc.exitCode, 0, err);
}

export function text(result) {
  return result.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
}

// A raw connection: write lines, read messages one at a time.
export class Raw {
  constructor(args = []) {
    this.proc = spawn(BIN, ['mcp', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.buf = Buffer.alloc(0);
    this.queue = [];
    this.waiters = [];
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr += d; });
    // Bytes, not a utf8 stream: that would replace invalid UTF-8 silently.
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    this.proc.stdout.on('data', (d) => {
      this.buf = Buffer.concat([this.buf, d]);
      let i;
      while ((i = this.buf.indexOf(0x0a)) >= 0) {
        const bytes = this.buf.subarray(0, i);
        this.buf = this.buf.subarray(i + 1);
        // Every stdout line must be valid UTF-8 holding one JSON value; a
        // line that is not reaches the test as an Error from next().
        let msg;
        try { msg = JSON.parse(utf8.decode(bytes)); } catch (e) {
          msg = new Error(`not a UTF-8 JSON line (${e.message}): ${bytes.toString('latin1').slice(0, 200)}`);
        }
        const w = this.waiters.shift();
        if (w) w(msg); else this.queue.push(msg);
      }
    });
    this.exited = new Promise((resolve) => this.proc.on('exit', (code, signal) => resolve({ code, signal })));
  }

  send(msg) {
    const raw = typeof msg === 'string' || Buffer.isBuffer(msg);
    this.proc.stdin.write(raw ? msg : JSON.stringify(msg) + '\n');
  }

  next(timeoutMs = 5000 * SLOW) {
    if (this.queue.length) {
      const m = this.queue.shift();
      return m instanceof Error ? Promise.reject(m) : Promise.resolve(m);
    }
    return new Promise((resolve, reject) => {
      const w = (m) => { clearTimeout(t); if (m instanceof Error) reject(m); else resolve(m); };
      const t = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error('no message within ' + timeoutMs + ' ms'));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  // Resolves true if nothing arrives within ms.
  async silent(ms) {
    try { await this.next(ms); return false; } catch { return true; }
  }

  async request(id, method, params) {
    this.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    return this.next();
  }

  close() {
    this.proc.stdin.end();
    return this.exited;
  }

  kill() {
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}
