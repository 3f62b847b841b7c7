/**
 * Which exchange the app connects to at start: the embedded sandbox (the default) or the live
 * exchange at the REST base and WebSocket addresses the user gives. Kept in `connection.json` under
 * the data directory, written whole (temporary file, then rename) so a crash never leaves half a file;
 * a change takes effect at the next start.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeJsonFile } from '../json-file.ts';
import { connectionChoice, type ConnectionChoice } from '../ipc/schemas.ts';
import type { Logger } from '../log.ts';
import type { ConnectionTarget } from './exchange-connection.ts';

const FILE = 'connection.json';

/** The saved choice; the sandbox when none was saved or the file cannot be read (said in the log). */
export function loadConnectionChoice(dataDir: string, log?: Logger): ConnectionChoice {
  let text: string;
  try {
    text = readFileSync(join(dataDir, FILE), 'utf8');
  } catch {
    return { kind: 'sandbox' };
  }
  try {
    return connectionChoice.parse(JSON.parse(text));
  } catch (error) {
    log?.log('warn', `${FILE} could not be read; connecting to the embedded sandbox`, error);
    return { kind: 'sandbox' };
  }
}

export function saveConnectionChoice(dataDir: string, choice: ConnectionChoice): void {
  writeJsonFile(join(dataDir, FILE), choice);
}

/** The connection a saved choice opens. */
export function targetOf(choice: ConnectionChoice): ConnectionTarget {
  return choice.kind === 'sandbox'
    ? { kind: 'sandbox' }
    : { kind: 'live', restUrl: choice.restUrl, wsUrl: `${choice.wsUrl}/ws` };
}

/** Whether the running connection is the one a choice opens (else the change waits for a restart). */
export function isRunning(
  choice: ConnectionChoice,
  running: { kind: string; restUrl: string; wsUrl: string },
): boolean {
  if (choice.kind !== running.kind) return false;
  if (choice.kind === 'sandbox') return true;
  return choice.restUrl === running.restUrl && `${choice.wsUrl}/ws` === running.wsUrl;
}
