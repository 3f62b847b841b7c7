// One account's whole history sync into a cache, as the history service runs it: deals, position
// records, then the vault's parts; prints `page` after every page stored and `done` at the end. The
// crash test kills it with SIGKILL at chosen pages. Usage: node vault-child.ts DIR REST KEY SECRET SUB
import { openCache, type Cache } from '../../../main/cache/index.ts';
import { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import { ExchangeHttp } from '../../../main/exchange/http.ts';
import { MemoryNonceStore, NonceRegistry } from '../../../main/exchange/nonce.ts';
import { RateLimits } from '../../../main/exchange/rate-limit.ts';
import { vaultParts } from '../../../main/features/vault/parts.ts';
import { syncDeals } from '../../../main/sync/deals.ts';
import { syncPositions } from '../../../main/sync/positions.ts';
import type { HistorySink } from '../../../main/sync/sink.ts';

export const ACCOUNT = 'crash-main';

/** The cache as the sync's sink, telling each page stored. */
function telling(cache: Cache): HistorySink {
  const told =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await f(...args);
      process.stdout.write('page\n');
      return result;
    };
  return {
    checkpoints: cache.checkpoints,
    deals: { upsert: told(cache.deals.upsert), newestTime: cache.deals.newestTime },
    positions: { upsert: told(cache.positions.upsert) },
    borrows: cache.borrows,
    mining: cache.mining,
    balances: cache.balances,
    vault: { upsert: told(cache.vault.upsert) },
  };
}

async function main(dir: string, rest: string, apiKey: string, secret: string, sub: string): Promise<void> {
  const cache = await openCache({ dataDir: dir, profile: 'vault', readWorkers: 0 });
  const http = new ExchangeHttp({
    baseUrl: rest,
    nonces: new NonceRegistry({ store: new MemoryNonceStore() }),
    limits: new RateLimits(),
  });
  const caller = new KeyCaller(http, { apiKey, secret }, true);
  const sink = telling(cache);
  const signal = new AbortController().signal;
  await syncDeals({ cache: sink, caller, account: ACCOUNT });
  await syncPositions({ cache: sink, caller, account: ACCOUNT });
  for (const part of vaultParts({ subAccountsOf: () => [sub] }))
    await part.run({ account: ACCOUNT, kind: 'main', caller, sink, signal });
  await cache.close();
  process.stdout.write('done\n');
}

const [dir, rest, key, secret, sub] = process.argv.slice(2);
if (process.argv[1] && import.meta.filename === process.argv[1] && dir && rest && key && secret && sub)
  await main(dir, rest, key, secret, sub);
