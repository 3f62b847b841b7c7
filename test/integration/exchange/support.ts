import { ExchangeHttp, type AuditEntry, type ExchangeHttpOptions } from '../../../main/exchange/http.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import { RateLimits } from '../../../main/exchange/rate-limit.ts';
import { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../main/sandbox/index.ts';

export interface Harness {
  sandbox: Sandbox;
  http: ExchangeHttp;
  audit: AuditEntry[];
  /** A caller with the current credentials of the sandbox account labelled `label`. */
  as(label: string): KeyCaller;
  close(): Promise<void>;
}

/** A real sandbox on a loopback port and the app's own client pointed at it. */
export async function startHarness(
  options: SandboxOptions = {},
  http: Partial<ExchangeHttpOptions> = {},
): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, seed: 42, ...options });
  const audit: AuditEntry[] = [];
  const client = new ExchangeHttp({
    baseUrl: sandbox.rest,
    nonces: new NonceRegistry({ store: new MemoryNonceStore() }),
    limits: new RateLimits(),
    audit: (entry) => audit.push(entry),
    // Back-offs are part of the behaviour under test, not something to wait for.
    sleep: () => Promise.resolve(),
    ...http,
  });
  return {
    sandbox,
    http: client,
    audit,
    as(label) {
      const account = sandbox.accounts.find((a) => a.label === label);
      if (!account) throw new Error(`no sandbox account ${label}`);
      return new KeyCaller(client, { apiKey: account.apiKey, secret: account.apiSecret });
    },
    close: () => sandbox.close(),
  };
}
