import { createWriteStream, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE, touchPrivateFile } from './private-fs.ts';

/*
 * The app's log. Every line passes through `redact`, which blanks every secret registered with
 * `registerSecret` and anything shaped like a signature header, so a secret never reaches a log file,
 * an error shown to the user, or test output.
 */

/** Each registered secret with the forms it can take in a line. */
const secrets = new Map<string, readonly string[]>();
/**
 * One pattern matching any form of any registered secret, longest first; null when none. Made when a
 * line is next redacted after a change: registering a desk of 1,000 keys makes it once, not 1,000
 * times.
 */
let pattern: RegExp | null = null;
let stale = false;

/** JSON string escaping without the quotes: how a text reads inside `JSON.stringify` output. */
const escaped = (text: string): string => JSON.stringify(text).slice(1, -1);
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function currentPattern(): RegExp | null {
  if (stale) {
    const forms = [...new Set([...secrets.values()].flat())].sort((a, b) => b.length - a.length);
    pattern = forms.length ? new RegExp(forms.map(literal).join('|'), 'g') : null;
    stale = false;
  }
  return pattern;
}

/**
 * Registers a secret to blank from every line, whatever its length and characters: as written, as it
 * reads inside JSON (quotes, backslashes and control characters escaped), and inside JSON quoted again.
 */
export function registerSecret(secret: string): void {
  if (secret === '' || secrets.has(secret)) return;
  const once = escaped(secret);
  secrets.set(secret, [secret, once, escaped(once)]);
  stale = true;
}

export function forgetSecret(secret: string): void {
  if (secrets.delete(secret)) stale = true;
}

const SIGNATURE_HEADER = /(x-txc-(?:signature|payload)["']?\s*[:=]\s*["']?)[A-Za-z0-9+/=]+/gi;

/** Blanks, in one pass, every form of every registered secret, then signature headers. */
export function redact(text: string): string {
  const blank = currentPattern();
  const out = blank ? text.replace(blank, '[redacted]') : text;
  return out.replace(SIGNATURE_HEADER, '$1[redacted]');
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, message: string, detail?: unknown): void;
}

function render(detail: unknown): string {
  if (detail === undefined) return '';
  if (detail instanceof Error)
    return ` ${detail.name}: ${detail.message}${detail.stack ? `\n${detail.stack}` : ''}`;
  try {
    return ` ${JSON.stringify(detail)}`;
  } catch {
    return ` ${String(detail)}`;
  }
}

/**
 * Appends lines to `file` through one ordered write stream. A file already past `maxBytes` when the
 * app starts is kept as `<file>.1` (replacing the previous one), so the log never grows unbounded.
 * The folder and the file are the user's only.
 */
export function fileSink(
  file: string,
  maxBytes = 5 * 1024 * 1024,
): { write: (line: string) => void; close: () => Promise<void> } {
  makePrivateDir(dirname(file));
  try {
    if (statSync(file).size > maxBytes) renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
  touchPrivateFile(file);
  const stream = createWriteStream(file, { flags: 'a', mode: PRIVATE_FILE_MODE });
  stream.on('error', () => undefined);
  return {
    write: (line) => void stream.write(`${line}\n`),
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
}

/** A logger writing redacted lines to `write` (stderr by default). */
export function createLogger(
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  return {
    log(level, message, detail) {
      write(redact(`${new Date().toISOString()} ${level.toUpperCase()} ${message}${render(detail)}`));
    },
  };
}
