import { createWriteStream, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The app's log. Every line passes through `redact`, which blanks every secret registered with
 * `registerSecret` and anything shaped like a signature header, so a secret never reaches a log file,
 * an error shown to the user, or test output.
 */
const secrets = new Set<string>();
const MIN_SECRET_LENGTH = 8;

export function registerSecret(secret: string): void {
  if (secret.length >= MIN_SECRET_LENGTH) secrets.add(secret);
}

export function forgetSecret(secret: string): void {
  secrets.delete(secret);
}

const SIGNATURE_HEADER = /(x-txc-(?:signature|payload)["']?\s*[:=]\s*["']?)[A-Za-z0-9+/=]+/gi;

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
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
 */
export function fileSink(
  file: string,
  maxBytes = 5 * 1024 * 1024,
): { write: (line: string) => void; close: () => Promise<void> } {
  mkdirSync(dirname(file), { recursive: true });
  try {
    if (statSync(file).size > maxBytes) renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
  const stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
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
