/**
 * Which exchange the app connects to at start: the embedded sandbox (the default) or the live
 * exchange at the REST base and WebSocket addresses the user gives. Kept in `connection.json` under
 * the data directory, written whole (temporary file, then rename) so a crash never leaves half a file;
 * a change takes effect at the next start.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserFacingError } from '../../errors.ts';
import type { ConnectionSettingsView } from '../../views/connection.ts';
import { writeJsonFile } from '../../json-file.ts';
import { connectionChoice, type ConnectionChoice } from '../../connection-choice.ts';
import type { Logger } from '../../log.ts';
import type { Confirmation, Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import {
  connectionIdOf,
  SANDBOX_CONNECTION,
  type ConnectionTarget,
  type ExchangeConnection,
} from '../../services/exchange-connection.ts';

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
export function targetOf(choice: ConnectionChoice, env: NodeJS.ProcessEnv = process.env): ConnectionTarget {
  return choice.kind === 'sandbox'
    ? { kind: 'sandbox', ...sandboxDesk(env) }
    : { kind: 'live', restUrl: choice.restUrl, wsUrl: `${choice.wsUrl}/ws` };
}

/** Largest desk the embedded sandbox builds from `TXC_SANDBOX_SUBACCOUNTS`. */
export const MAX_SANDBOX_SUBACCOUNTS = 5000;

/**
 * `TXC_SANDBOX_SUBACCOUNTS=N` (1..5000) makes the embedded sandbox a desk of N more funded
 * sub-accounts, each with a position and an open order; anything else is ignored.
 */
export function sandboxDesk(env: NodeJS.ProcessEnv): { extraSubAccounts?: number; deskActivity?: boolean } {
  const raw = env['TXC_SANDBOX_SUBACCOUNTS']?.trim() ?? '';
  if (!/^\d{1,4}$/.test(raw)) return {};
  const n = Number(raw);
  return n >= 1 && n <= MAX_SANDBOX_SUBACCOUNTS ? { extraSubAccounts: n, deskActivity: true } : {};
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

const SHOWN_ACCOUNTS = 8;

/**
 * The saved connection choice, changing it and restarting onto it. A change of connection or a
 * restart decides where every account's requests and WebSocket tokens go, so main asks the person
 * natively with the addresses it will use; the renderer is not trusted.
 */
export class ConnectionSettings {
  readonly #dataDir: string;
  readonly #connection: ExchangeConnection;
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #log: Logger;

  constructor(
    dataDir: string,
    connection: ExchangeConnection,
    accounts: AccountService,
    platform: Platform,
    log: Logger,
  ) {
    this.#dataDir = dataDir;
    this.#connection = connection;
    this.#accounts = accounts;
    this.#platform = platform;
    this.#log = log;
  }

  /** The saved choice beside the running connection. */
  view(): ConnectionSettingsView {
    const choice = loadConnectionChoice(this.#dataDir, this.#log);
    return {
      choice,
      restartNeeded: !isRunning(choice, this.#connection.status),
      canRestart: this.#platform.relaunch !== undefined,
    };
  }

  /** Saves a different choice once the person confirmed it; answers the settings in force. */
  async configure(choice: ConnectionChoice): Promise<ConnectionSettingsView> {
    if (JSON.stringify(choice) !== JSON.stringify(loadConnectionChoice(this.#dataDir, this.#log))) {
      await requireConfirmation(this.#platform, {
        title: 'Change the exchange TXC Desk connects to at its next start?',
        facts: [...this.#facts(choice), { label: 'Saved in', value: join(this.#dataDir, FILE) }],
        action: 'Change connection',
        ...(choice.kind === 'live'
          ? {
              warning:
                'Every request and WebSocket sign-in goes to these addresses. Accounts added on another connection stay with it.',
            }
          : {}),
      });
      saveConnectionChoice(this.#dataDir, choice);
    }
    return this.view();
  }

  /** Restarts the app onto the saved choice once the person confirmed it. */
  async restart(): Promise<void> {
    const relaunch = this.#platform.relaunch;
    if (!relaunch)
      throw new UserFacingError(
        'unavailable',
        'This window cannot restart the app: close TXC Desk and open it again.',
      );
    const { choice, restartNeeded } = this.view();
    await requireConfirmation(this.#platform, {
      title: 'Restart TXC Desk?',
      facts: this.#facts(choice),
      action: 'Restart',
      ...(restartNeeded
        ? { warning: 'The app starts on a different exchange connection from the one it uses now.' }
        : {}),
    });
    relaunch();
  }

  /** The facts of a connection: its addresses and the accounts that are signed on it. */
  #facts(choice: ConnectionChoice): Confirmation['facts'] {
    const target = targetOf(choice);
    const id = target.kind === 'sandbox' ? SANDBOX_CONNECTION : connectionIdOf(target);
    const labels = this.#accounts
      .list()
      .filter((a) => a.connection === id)
      .map((a) => a.label);
    const more = labels.length > SHOWN_ACCOUNTS ? `, and ${String(labels.length - SHOWN_ACCOUNTS)} more` : '';
    const accounts =
      labels.length === 0
        ? 'none: accounts added on another connection are never used with this one'
        : `${labels.slice(0, SHOWN_ACCOUNTS).join(', ')}${more}`;
    const addresses =
      target.kind === 'sandbox'
        ? [{ label: 'Exchange', value: 'the embedded sandbox on this computer' }]
        : [
            { label: 'Exchange', value: 'the live exchange' },
            { label: 'REST address', value: target.restUrl },
            { label: 'WebSocket address', value: target.wsUrl },
          ];
    return [...addresses, { label: 'Accounts used with it', value: accounts }];
  }
}
