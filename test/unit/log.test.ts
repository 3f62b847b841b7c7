import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createLogger,
  fileSink,
  forgetSecret,
  MAX_LINE_CHARS,
  MIN_SECRET_LENGTH,
  redact,
  registerSecret,
} from '../../main/log.ts';

describe('log', () => {
  it('blanks registered secrets and signature headers from every line', () => {
    const secret = 'a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1';
    registerSecret(secret);
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    log.log('error', `request failed for secret ${secret}`, new Error(`bad key ${secret}`));
    log.log('info', 'headers', {
      'X-TXC-SIGNATURE': 'abcdef0123456789',
      'X-TXC-PAYLOAD': 'eyJyZXF1ZXN0Ijoi',
    });
    forgetSecret(secret);
    const text = lines.join('\n');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('abcdef0123456789');
    expect(text).not.toContain('eyJyZXF1ZXN0Ijoi');
    expect(text).toContain('[redacted]');
    expect(redact('short')).toBe('short');
  });

  it('blanks secrets with quotes or backslashes, raw and JSON-escaped', () => {
    const tail = 'f'.repeat(24);
    const secrets = [`ab"cd${tail}`, `x\\y${tail}`, `p"q\\r\nz${tail}`, `ключ-${tail}`];
    for (const secret of secrets) registerSecret(secret);
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    for (const secret of secrets) {
      log.log('error', `secret ${secret} in the message`, new Error(`bad key ${secret}`));
      log.log('info', 'request', { apiSecret: secret, body: JSON.stringify({ secret }) });
    }
    for (const secret of secrets) forgetSecret(secret);
    const text = lines.join('\n');
    for (const secret of secrets) {
      const once = JSON.stringify(secret).slice(1, -1);
      const twice = JSON.stringify(once).slice(1, -1);
      for (const form of [secret, once, twice]) expect(text, JSON.stringify(form)).not.toContain(form);
    }
    expect(text).toContain('"apiSecret":"[redacted]"');
    expect(text).toContain('in the message');
    expect(redact(secrets[0] ?? '')).toBe(secrets[0]);
  });

  it('blanks a secret only as a whole token: a short one never blanks pieces of numbers and words', () => {
    // Stored by hand in the keychain, or by an older version: the app itself refuses such secrets now.
    for (const secret of ['7', 'k3y']) registerSecret(secret);
    try {
      expect(redact('order 17 at 27.75 for k3yboard, key k3y, id 7')).toBe(
        'order 17 at 27.75 for k3yboard, key [redacted], id [redacted]',
      );
    } finally {
      forgetSecret('7');
      forgetSecret('k3y');
    }
    expect(MIN_SECRET_LENGTH).toBe(32);
  });

  it('cuts a line past its limit, after blanking', () => {
    const lines: string[] = [];
    const secret = '9'.repeat(32);
    registerSecret(secret);
    createLogger((line) => lines.push(line)).log('warn', `${secret} ${'x'.repeat(MAX_LINE_CHARS * 3)}`);
    forgetSecret(secret);
    expect(lines[0]?.length).toBeLessThan(MAX_LINE_CHARS + 100);
    expect(lines[0]).toMatch(/\[redacted\] x+… \(\d+ characters cut\)$/);
  });

  it('keeps the log bounded while the app runs: past its size it is kept as .1 and a new file begun', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-log-'));
    const file = join(dir, 'main.log');
    const sink = fileSink(file, 1000);
    for (let i = 0; i < 500; i++) sink.write(`line ${String(i).padStart(4, '0')} ${'.'.repeat(40)}`);
    await sink.close();
    expect(statSync(file).size).toBeLessThanOrEqual(1000);
    expect(statSync(`${file}.1`).size).toBeLessThanOrEqual(1000);
    expect(statSync(`${file}.1`).mode & 0o777).toBe(0o600);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The newest lines are in the file, the ones just before in .1, in order, none cut in two.
    const current = readFileSync(file, 'utf8').trimEnd().split('\n');
    const previous = readFileSync(`${file}.1`, 'utf8').trimEnd().split('\n');
    expect(current.at(-1)).toMatch(/^line 0499 /);
    expect([...previous, ...current].every((l) => /^line \d{4} \.{40}$/.test(l))).toBe(true);
    const numbers = [...previous, ...current].map((l) => Number(l.slice(5, 9)));
    expect(numbers).toEqual(numbers.map((_, i) => (numbers[0] ?? 0) + i));
  });

  it('appends to a log file and keeps an oversized one as .1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-log-'));
    const file = join(dir, 'logs', 'main.log');
    const first = fileSink(file);
    first.write('one');
    first.write('two');
    await first.close();
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\n');
    const second = fileSink(file, 5);
    second.write('three');
    await second.close();
    expect(readFileSync(`${file}.1`, 'utf8')).toBe('one\ntwo\n');
    expect(readFileSync(file, 'utf8')).toBe('three\n');
  });
});
