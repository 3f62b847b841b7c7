/**
 * The sync's pages of deals on their way to the team store: grouped, each group written in one
 * transaction with its checkpoints under the account's lease, deals the store holds already dropped,
 * nothing of a group kept when the lease went to another operator, and text fields COPY must escape
 * stored as they were read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DealRecord } from '../../../main/cache/index.ts';
import { TeamDealGroup } from '../../../main/team/deal-group.ts';
import type { TeamStore } from '../../../main/team/store.ts';
import { LeaseLost, SyncLeases } from '../../../main/team/sync-lease.ts';
import { sqlAs } from '../../support/postgres.ts';
import { createTeamDatabase, operatorStore } from '../../support/team.ts';

const info = inject('postgres');
let database: string;
let store: TeamStore;

let leases: SyncLeases;

beforeAll(async () => {
  database = await createTeamDatabase(info);
  store = await operatorStore(info, database, 'alice');
  leases = new SyncLeases(store, { log: () => undefined });
});

afterAll(async () => {
  await leases?.close();
  await store?.close();
});

function deal(account: string, id: number, extra: Partial<DealRecord> = {}): DealRecord {
  return {
    account,
    market: 'BTC_USDT',
    id,
    clientOrderId: '',
    time: 1_780_000_000 + id,
    side: 'buy',
    role: 'maker',
    amount: '0.001',
    price: '64000.5',
    deal: '64.0005',
    fee: '0.064',
    orderId: 7_000_000 + id,
    feeAsset: 'USDT',
    ...extra,
  };
}

/** A fresh account whose lease this operator took (its advisory lock, then its token). */
async function leased(): Promise<{ account: string; token: string }> {
  const account = randomUUID();
  const token = await leases.tryTake(account);
  if (!token) throw new Error('the lease of a fresh account was not free');
  return { account, token };
}

const ids = async (account: string) =>
  (
    await sqlAs<{ id: string }>(info, 'SELECT id::text AS id FROM deals WHERE account = $1', [account], {
      database,
    })
  )
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);

const checkpoint = async (job: string) =>
  (
    await sqlAs<{ cursor: unknown }>(info, 'SELECT cursor FROM sync_checkpoints WHERE job = $1', [job], {
      database,
    })
  )[0]?.cursor;

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe("the team store's group of deal pages", () => {
  it('writes its pages once flushed, each deal once (re-read and stored ones dropped), with the last checkpoint', async () => {
    const { account, token } = await leased();
    // Deals 0..99 are in the store already (a run before).
    const before = new TeamDealGroup(store, account, () => token, { maxMs: 60_000 });
    await before.store(range(0, 100).map((id) => deal(account, id)));
    await before.flush();
    expect(await ids(account)).toEqual(range(0, 100));

    const group = new TeamDealGroup(store, account, () => token, { maxMs: 60_000 });
    const job = `deals:${account}`;
    // Pages overlap by 20 deals, and the first repeats 50 the store holds.
    expect(
      await group.store(
        range(50, 200).map((id) => deal(account, id)),
        { job, cursor: { page: 1 } },
      ),
    ).toBe(150);
    expect(
      await group.store(
        range(180, 300).map((id) => deal(account, id)),
        { job, cursor: { page: 2 } },
      ),
    ).toBe(100);
    // Held in the group: nothing written yet, not even the checkpoint.
    expect(await ids(account)).toEqual(range(0, 100));
    expect(await checkpoint(job)).toBeUndefined();
    await group.flush();
    expect(await ids(account)).toEqual(range(0, 300));
    expect(await checkpoint(job)).toEqual({ page: 2 });
  });

  it('drops only the deals stored already when older ones fill a gap below the highest stored id', async () => {
    const { account, token } = await leased();
    const before = new TeamDealGroup(store, account, () => token, { maxMs: 60_000 });
    await before.store([...range(0, 10), ...range(100, 110)].map((id) => deal(account, id)));
    await before.flush();
    const group = new TeamDealGroup(store, account, () => token, { maxMs: 60_000 });
    // 5..9 and 100..104 are stored; 10..99 lie below the highest stored id and are not
    expect(await group.store(range(5, 105).map((id) => deal(account, id)))).toBe(100);
    await group.flush();
    expect(await ids(account)).toEqual(range(0, 110));
  });

  it('writes a group by itself after its first page waited its time, or once it is full', async () => {
    const { account, token } = await leased();
    const timed = new TeamDealGroup(store, account, () => token, { maxMs: 20 });
    await timed.store(range(0, 10).map((id) => deal(account, id)));
    await expect.poll(() => ids(account)).toEqual(range(0, 10));

    const full = new TeamDealGroup(store, account, () => token, { maxRows: 100, maxMs: 60_000 });
    await full.store(range(10, 60).map((id) => deal(account, id)));
    expect(await ids(account)).toEqual(range(0, 10));
    // The page that fills the group is answered once the group is in the store.
    await full.store(range(60, 110).map((id) => deal(account, id)));
    expect(await ids(account)).toEqual(range(0, 110));
  });

  it('keeps nothing of a group, deals nor checkpoint, once another operator took the lease', async () => {
    const { account, token } = await leased();
    const job = `deals:${account}`;
    const group = new TeamDealGroup(store, account, () => token, { maxMs: 60_000 });
    await group.store(
      range(0, 50).map((id) => deal(account, id)),
      { job, cursor: { page: 1 } },
    );
    // Bob took it over (written here as the superuser: only the session holding the lock may).
    await sqlAs(
      info,
      "UPDATE sync_leases SET token = $2, holder = 'bob' WHERE account = $1",
      [account, randomUUID()],
      {
        database,
      },
    );
    await expect(group.flush()).rejects.toBeInstanceOf(LeaseLost);
    expect(await ids(account)).toEqual([]);
    expect(await checkpoint(job)).toBeUndefined();
    // A teammate's lease is no lost connection: the store stays connected.
    expect(store.connected).toBe(true);
  });

  it('fails the next page, and the flush, after a group written on its timer could not be written', async () => {
    const { account } = await leased();
    const notTheLease = randomUUID();
    // The group's timer, run by hand.
    const due: Array<() => void> = [];
    const schedule = (write: () => void) => {
      due.push(write);
      return () => undefined;
    };
    const group = new TeamDealGroup(store, account, () => notTheLease, { schedule });
    await group.store([deal(account, 1)]);
    // The group's time is up: its write is queued before the next page, and fails.
    due.shift()?.();
    await expect(group.store([deal(account, 2)])).rejects.toBeInstanceOf(LeaseLost);
    // Told once: the next page starts a group of its own.
    expect(await group.store([deal(account, 3)])).toBe(1);
    due.shift()?.();
    await expect(group.flush()).rejects.toBeInstanceOf(LeaseLost);
    await expect(group.flush()).resolves.toBeUndefined();
    expect(await ids(account)).toEqual([]);
  });

  it('stores text fields with tabs, newlines and backslashes as they were read', async () => {
    const { account, token } = await leased();
    const odd = 'a\tb\nc\\d\re \\N';
    const group = new TeamDealGroup(store, account, () => token, { maxMs: 60_000 });
    await group.store([deal(account, 1, { clientOrderId: odd, market: 'X\\Y' }), deal(account, 2)]);
    await group.flush();
    const rows = await sqlAs<{ client_order_id: string; market: string }>(
      info,
      'SELECT client_order_id, market FROM deals WHERE account = $1 ORDER BY id',
      [account],
      { database },
    );
    expect(rows).toEqual([
      { client_order_id: odd, market: 'X\\Y' },
      { client_order_id: '', market: 'BTC_USDT' },
    ]);
  });
});
