import { describe, expect, it } from 'vitest';
import {
  listMiningRewards,
  listWorkerSamples,
  recordWorkerSample,
  upsertMiningRewards,
} from '../../../main/cache/repos/mining.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();
const reward = (time: number, value = '0.001') => ({
  account: 'main',
  miningAccount: 'rig',
  time,
  reward: value,
  raw: { time, reward: value, extra: 'kept' },
});

describe('mining', () => {
  it('keeps one reward per mining account and time, with the raw record', () => {
    upsertMiningRewards(db.get(), [reward(1), reward(2), reward(2, '0.002')]);
    const rows = listMiningRewards(db.get(), { account: 'main' });
    expect(rows.map((r) => r.reward)).toEqual(['0.002', '0.001']);
    expect(rows[0]).toMatchObject({ fee: null, hashrate: null, raw: { extra: 'kept' } });
    expect(
      listMiningRewards(db.get(), { account: 'main', before: { time: 2, miningAccount: 'rig' } }),
    ).toHaveLength(1);
  });

  it('records worker samples and reads a time range oldest first', () => {
    for (const t of [30, 10, 20]) {
      recordWorkerSample(db.get(), {
        account: 'main',
        miningAccount: 'rig',
        sampledAtMs: t,
        online: t,
        offline: 1,
        low: 0,
        fee: '0.02',
      });
    }
    expect(listWorkerSamples(db.get(), 'main', 'rig', 10, 30).map((s) => s.online)).toEqual([10, 20]);
  });
});
