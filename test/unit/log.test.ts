import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, fileSink, forgetSecret, redact, registerSecret } from '../../main/log.ts';

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

  it('blanks short secrets and secrets with quotes or backslashes, raw and JSON-escaped', () => {
    const secrets = ['k3y', 'ab"cd', 'x\\y', 'p"q\\r\nz', '7'];
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
    expect(redact('k3y')).toBe('k3y');
  });

  it('appends to a log file and keeps an oversized one as .1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-log-'));
    const file = join(dir, 'logs', 'main.log');
    const first = fileSink(file, 5);
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
