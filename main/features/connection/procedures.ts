/** The procedures of the exchange connection: the running one and the saved choice. */
import { connectionChoice } from '../../connection-choice.ts';
import { noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type {
  ConnectionHealthView,
  ConnectionSettingsView,
  ConnectionStatus,
} from '../../views/connection.ts';

export const connectionProcedures = {
  'connection.status': procedure<ConnectionStatus>()('The exchange the app is connected to.', noInput),
  'connection.health': procedure<ConnectionHealthView>()(
    'Whether the exchange answers, the WebSockets by state and the accounts whose keys it refuses (also pushed as connection.health).',
    noInput,
  ),
  'connection.saved': procedure<ConnectionSettingsView>()(
    'The exchange the app connects to at start, and whether that differs from the one running now.',
    noInput,
  ),
  'connection.configure': procedure<ConnectionSettingsView>()(
    'Saves the exchange to connect to (embedded sandbox or live addresses); it takes effect at the next start.',
    connectionChoice,
  ),
} as const satisfies Record<string, ProcedureDef>;
