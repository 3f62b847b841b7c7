/**
 * IPC handlers for the exchange connection: the saved choice, changing it and restarting onto it.
 * A change of connection or a restart decides where every account's requests and WebSocket tokens
 * go, so main asks the person natively with the addresses it will use; the renderer is not trusted.
 */
import { join } from 'node:path';
import type { ConnectionSettingsView } from '../ipc/contract.ts';
import { UserFacingError } from '../errors.ts';
import type { Handlers } from '../ipc/router.ts';
import type { ConnectionChoice } from '../ipc/schemas.ts';
import type { Confirmation } from '../platform.ts';
import { requireConfirmation } from './confirm.ts';
import { connectionIdOf, SANDBOX_CONNECTION } from './exchange-connection.ts';
import { isRunning, loadConnectionChoice, saveConnectionChoice, targetOf } from './connection-settings.ts';
import type { HandlerContext } from './handler-context.ts';

type ConnectionProcedures = 'connection.saved' | 'connection.configure' | 'app.restart';

const SHOWN_ACCOUNTS = 8;

/** The facts of a connection: its addresses and the accounts that are signed on it. */
function connectionFacts(context: HandlerContext, choice: ConnectionChoice): Confirmation['facts'] {
  const target = targetOf(choice);
  const id = target.kind === 'sandbox' ? SANDBOX_CONNECTION : connectionIdOf(target);
  const labels = context.accounts
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

export function connectionHandlers(
  context: HandlerContext,
  dataDir: string,
): Pick<Handlers, ConnectionProcedures> {
  const { platform, connection, log } = context;
  const settings = (): ConnectionSettingsView => {
    const choice = loadConnectionChoice(dataDir, log);
    return {
      choice,
      restartNeeded: !isRunning(choice, connection.status),
      canRestart: platform.relaunch !== undefined,
    };
  };
  return {
    'connection.saved': () => settings(),
    'connection.configure': async (choice) => {
      if (JSON.stringify(choice) !== JSON.stringify(loadConnectionChoice(dataDir, log))) {
        await requireConfirmation(platform, {
          title: 'Change the exchange TXC Desk connects to at its next start?',
          facts: [
            ...connectionFacts(context, choice),
            { label: 'Saved in', value: join(dataDir, 'connection.json') },
          ],
          action: 'Change connection',
          ...(choice.kind === 'live'
            ? {
                warning:
                  'Every request and WebSocket sign-in goes to these addresses. Accounts added on another connection stay with it.',
              }
            : {}),
        });
        saveConnectionChoice(dataDir, choice);
      }
      return settings();
    },
    'app.restart': async () => {
      const relaunch = platform.relaunch;
      if (!relaunch)
        throw new UserFacingError(
          'unavailable',
          'This window cannot restart the app: close TXC Desk and open it again.',
        );
      const { choice, restartNeeded } = settings();
      await requireConfirmation(platform, {
        title: 'Restart TXC Desk?',
        facts: connectionFacts(context, choice),
        action: 'Restart',
        ...(restartNeeded
          ? { warning: 'The app starts on a different exchange connection from the one it uses now.' }
          : {}),
      });
      relaunch();
      return null;
    },
  };
}
