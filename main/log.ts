import { createWriteStream, openSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE, touchPrivateFile } from './private-fs.ts';

/*
 * The app's log. Every line passes through `redact`, which blanks every secret registered with
 * `registerSecret` and anything shaped like a signature header, so a secret never reaches a log file,
 * an error shown to the user, or test output. A secret is blanked where it stands as a whole token
 * (not glued to other letters or digits), so a short value never blanks pieces of ordinary words.
 */

/** The shortest secret the exchange issues (32 hexadecimal characters); the keychain refuses shorter. */
export const MIN_SECRET_LENGTH = 32;

/** A line is cut to this many characters (after redaction), so one event never floods the log. */
export const MAX_LINE_CHARS = 16 * 1024;

/** A token character: a secret next to one is part of a longer word, not the secret. */
const TOKEN_CHAR = 'A-Za-z0-9';

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
    const any = forms.map(literal).join('|');
    pattern = forms.length ? new RegExp(`(?<![${TOKEN_CHAR}])(?:${any})(?![${TOKEN_CHAR}])`, 'g') : null;
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
 * Appends lines to `file` through one ordered write stream. A file past `maxBytes` (when the app
 * starts, or as lines are written) is kept as `<file>.1` (replacing the previous one) and a new file
 * begun, so the log never takes more than about twice `maxBytes`, however much is logged.
 * The folder and the files are the user's only.
 */
export function fileSink(
  file: string,
  maxBytes = 5 * 1024 * 1024,
): { write: (line: string) => void; close: () => Promise<void> } {
  makePrivateDir(dirname(file));
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    // no log yet
  }
  const open = () => {
    touchPrivateFile(file);
    // Opened now, by descriptor: a rename moves the open file, and what is still queued follows it.
    const out = createWriteStream(file, { fd: openSync(file, 'a', PRIVATE_FILE_MODE) });
    out.on('error', () => undefined);
    return out;
  };
  const rotate = () => {
    renameSync(file, `${file}.1`);
    size = 0;
  };
  if (size > maxBytes) rotate();
  let stream = open();
  return {
    write: (line) => {
      const text = `${line}\n`;
      const bytes = Buffer.byteLength(text);
      if (size > 0 && size + bytes > maxBytes) {
        stream.end();
        try {
          rotate();
        } catch {
          // the file went away (deleted by hand): carry on in a new one
        }
        stream = open();
      }
      size += bytes;
      stream.write(text);
    },
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
}

/** A logger writing redacted lines to `write` (stderr by default). */
export function createLogger(
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  return {
    log(level, message, detail) {
      const line = redact(`${new Date().toISOString()} ${level.toUpperCase()} ${message}${render(detail)}`);
      write(
        line.length > MAX_LINE_CHARS
          ? `${line.slice(0, MAX_LINE_CHARS)}… (${String(line.length - MAX_LINE_CHARS)} characters cut)`
          : line,
      );
    },
  };
}
