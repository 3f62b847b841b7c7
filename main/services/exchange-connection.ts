/**
 * The exchange the app talks to: the embedded sandbox (the default, with no keys and no network) or
 * the live exchange at a base URL. One signed HTTP client, one nonce store and one set of rate-limit
 * buckets serve every account on it.
 */
import { join } from 'node:path';
import { ExchangeHttp, type AuditEntry } from '../exchange/http.ts';
import { FileNonceStore, NonceRegistry } from '../exchange/nonce.ts';
import { RateLimits } from '../exchange/rate-limit.ts';
import type { ConnectionStatus } from '../views/connection.ts';
import { startSandbox, type Sandbox, type SandboxAccount } from '../sandbox/index.ts';
import { MarketCatalog } from './market-catalog.ts';
import { TradingService } from './trading/trading.ts';
import { WalletService } from './wallet/wallet.ts';

export const SANDBOX_CONNECTION = 'sandbox';

export type ConnectionTarget =
  | {
      kind: 'sandbox';
      seed?: number;
      persist?: boolean;
      extraSubAccounts?: number;
      /** The extra sub-accounts hold positions and open orders (see the sandbox's `deskActivity`). */
      deskActivity?: boolean;
    }
  | { kind: 'live'; restUrl: string; wsUrl: string };

/**
 * The `connection` of the accounts that belong to an exchange: `sandbox`, or for the live exchange
 * its REST base and WebSocket addresses together. An account is signed only on the connection it was
 * added on, so a WebSocket address changed later never receives the tokens of existing accounts.
 */
export function connectionIdOf(status: { kind: 'sandbox' | 'live'; restUrl: string; wsUrl: string }): string {
  return status.kind === 'sandbox' ? SANDBOX_CONNECTION : `${status.restUrl} ${status.wsUrl}`;
}

/** A connection id in words, for messages: which exchange, at which addresses. */
export function describeConnection(id: string): string {
  if (id === SANDBOX_CONNECTION) return 'the embedded sandbox';
  const [rest, ws] = id.split(' ');
  return ws
    ? `the exchange at ${String(rest)} (WebSocket ${ws})`
    : `the exchange at ${id}, as added before accounts were tied to a WebSocket address too (add it again)`;
}

export interface ExchangeConnection {
  /** `sandbox`, or the live REST and WebSocket addresses: the `connection` of its accounts. */
  readonly id: string;
  readonly status: ConnectionStatus;
  readonly http: ExchangeHttp;
  readonly catalog: MarketCatalog;
  readonly trading: TradingService;
  readonly wallet: WalletService;
  /** The embedded sandbox's demo accounts (empty for the live exchange). */
  readonly demoAccounts: readonly SandboxAccount[];
  /** The embedded sandbox itself, for tools and tests (undefined for the live exchange). */
  readonly sandbox: Sandbox | undefined;
  close(): Promise<void>;
}

export async function openConnection(
  target: ConnectionTarget,
  dataDir: string,
  audit?: (entry: AuditEntry) => void,
): Promise<ExchangeConnection> {
  let sandbox: Sandbox | undefined;
  let restUrl: string;
  let wsUrl: string;
  if (target.kind === 'sandbox') {
    sandbox = await startSandbox({
      port: 0,
      seed: target.seed ?? 42,
      ...(target.extraSubAccounts ? { extraSubAccounts: target.extraSubAccounts } : {}),
      ...(target.deskActivity ? { deskActivity: true } : {}),
      ...(target.persist === false ? {} : { dataDir: join(dataDir, 'sandbox') }),
    });
    restUrl = sandbox.rest;
    wsUrl = sandbox.ws;
  } else {
    restUrl = target.restUrl;
    wsUrl = target.wsUrl;
  }
  const http = new ExchangeHttp({
    baseUrl: restUrl,
    nonces: new NonceRegistry({ store: new FileNonceStore(join(dataDir, 'nonces.json')) }),
    limits: new RateLimits(),
    ...(audit ? { audit } : {}),
  });
  const catalog = new MarketCatalog(http);
  const id = connectionIdOf({ kind: target.kind, restUrl, wsUrl });
  return {
    id,
    status: { id, kind: target.kind, restUrl, wsUrl },
    http,
    catalog,
    trading: new TradingService({ catalog, http }),
    wallet: new WalletService(),
    demoAccounts: sandbox ? sandbox.accounts : [],
    sandbox,
    close: async () => {
      await sandbox?.close();
    },
  };
}
