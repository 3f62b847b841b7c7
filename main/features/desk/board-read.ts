/**
 * The reads of a board refresh: five per account (main balance, spot balance, collateral balance,
 * open positions, open orders), each on the account's own key as background work. They are held to a number of
 * requests in flight, not of accounts: an account whose first answer came back does not hold a slot
 * while its slowest one is still out, so the exchange always has that many requests to answer.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import { AuthError } from '../../exchange/errors.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { KeyStateView } from '../../views/board.ts';
import type { OrderView } from '../../views/orders.ts';
import type { PositionView } from '../../views/positions.ts';
import { readable } from '../../readable-errors.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import { withLoneLegs } from '../../services/trading/position-legs.ts';
import { openPositions } from '../../services/trading/positions.ts';
import type { CollateralBalances, MainBalances, SpotBalances } from '../../services/desk/board-rows.ts';

/** What one refresh read of an account; a part left undefined could not be read. */
export interface Reading {
  account: string;
  atMs: number;
  main?: MainBalances;
  spot?: SpotBalances;
  collateral?: CollateralBalances;
  orders?: OrderView[];
  positions?: PositionView[];
  key: KeyStateView;
  problem?: string;
  realized?: string;
}

/** The exchange lists at most this many open orders per page. */
const ORDERS_PAGE = 100;

type Part = (caller: KeyCaller, reading: Reading, sent: () => void) => Promise<void>;

const PARTS: readonly Part[] = [
  async (caller, reading, sent) => {
    sent();
    reading.spot = await trading.tradeBalance(caller);
  },
  async (caller, reading, sent) => {
    sent();
    reading.main = await mainAccount.balance(caller);
  },
  async (caller, reading, sent) => {
    sent();
    reading.collateral = await collateral.collateralBalance(caller);
  },
  async (caller, reading, sent) => {
    sent();
    reading.positions = await openPositions(caller);
  },
  async (caller, reading, sent) => {
    const orders: OrderView[] = [];
    for (let offset = 0; ; offset += ORDERS_PAGE) {
      sent();
      const page = await trading.activeOrders(caller, { limit: ORDERS_PAGE, offset });
      orders.push(...page);
      if (page.length < ORDERS_PAGE || offset + ORDERS_PAGE > 10_000) break;
    }
    reading.orders = orders;
  },
];

function keyStateOf(error: unknown): KeyStateView | undefined {
  if (!(error instanceof AuthError)) return undefined;
  return /not allowed/i.test(error.message) ? 'missing_permission' : 'revoked';
}

interface AccountRead {
  account: AccountRecord;
  reading: Reading | undefined;
  caller: Promise<KeyCaller | undefined> | undefined;
  left: number;
  requests: number;
}

/**
 * Reads every account of `desk` with at most `inFlight` parts out at once (in the desk's order, an
 * account's parts together), and hands each account's reading to `done` as soon as its last part
 * is back, with the number of requests it took.
 */
export async function readAccounts(options: {
  desk: readonly AccountRecord[];
  caller: (account: AccountRecord) => Promise<KeyCaller>;
  now: () => number;
  inFlight: number;
  done: (reading: Reading, requests: number) => void;
}): Promise<void> {
  const { now, done } = options;
  const jobs = options.desk.flatMap((account) => {
    const read: AccountRead = {
      account,
      reading: undefined,
      caller: undefined,
      left: PARTS.length,
      requests: 0,
    };
    return PARTS.map((part) => ({ read, part }));
  });
  const run = async ({ read, part }: { read: AccountRead; part: Part }): Promise<void> => {
    // The account's first part to start takes the time of its reading and asks for its key.
    const reading = (read.reading ??= { account: read.account.id, atMs: now(), key: 'valid' });
    read.caller ??= options.caller(read.account).then(
      (caller) => caller.inBackground(),
      (error: unknown) => {
        reading.key = 'unknown';
        reading.problem = readable(error)?.message ?? 'The key of this account could not be read.';
        return undefined;
      },
    );
    const caller = await read.caller;
    if (caller) {
      try {
        await part(caller, reading, () => (read.requests += 1));
      } catch (error) {
        const state = keyStateOf(error);
        if (state && reading.key !== 'revoked') reading.key = state;
        reading.problem ??= readable(error)?.message ?? 'Part of this account could not be read.';
      }
    }
    if (--read.left === 0) {
      // a take-profit or stop-loss placed alone is an order of its own: the one rule lists it with its position
      if (reading.positions && reading.orders)
        reading.positions = withLoneLegs(reading.positions, reading.orders);
      done(reading, read.requests);
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(options.inFlight, jobs.length) }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (job) await run(job);
      }
    }),
  );
}
