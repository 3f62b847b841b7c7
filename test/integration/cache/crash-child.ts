// A sync that stores a fixed history page by page with its checkpoint, resuming from the checkpoint
// it finds, with a short pause per page where a real sync waits for the exchange. The crash test kills it with SIGKILL at arbitrary moments. Usage: node crash-child.ts DIR
import { setTimeout as sleep } from 'node:timers/promises';
import { openCache, type DealRecord } from '../../../main/cache/index.ts';

export const TOTAL = 400_000;
export const PAGE = 500;
export const JOB = 'deals:crash';

export function historyDeal(i: number): DealRecord {
  return {
    account: i % 3 === 0 ? 'sub' : 'main',
    market: i % 2 === 0 ? 'BTC_USDT' : 'ETH_USDT',
    id: 1_000_000 - i,
    clientOrderId: '',
    time: 1_763_900_000 - i / 8,
    side: i % 2 === 0 ? 'buy' : 'sell',
    role: 'maker',
    amount: '0.1',
    price: '100',
    deal: '10',
    fee: '0.01',
    orderId: 9_000_000 - i,
    feeAsset: 'USDT',
  };
}

async function main(dataDir: string): Promise<void> {
  const cache = await openCache({ dataDir, profile: 'crash', readWorkers: 0 });
  const saved = await cache.checkpoints.load(JOB);
  let offset = (saved?.cursor as { offset: number } | undefined)?.offset ?? 0;
  while (offset < TOTAL) {
    const page: DealRecord[] = [];
    for (let i = offset; i < Math.min(offset + PAGE, TOTAL); i++) page.push(historyDeal(i));
    offset += page.length;
    await cache.deals.upsert(page, { job: JOB, cursor: { offset } });
    process.stdout.write(`page ${offset}\n`);
    await sleep(2); // the next page's fetch; it also bounds how far a run gets before its kill
  }
  await cache.close();
  process.stdout.write('done\n');
}

if (process.argv[1] && import.meta.filename === process.argv[1] && process.argv[2])
  await main(process.argv[2]);
