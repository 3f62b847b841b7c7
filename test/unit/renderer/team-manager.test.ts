import { describe, expect, it } from 'vitest';
import { sinceWords, TeamManager } from '../../../renderer/src/lib/managers/team.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const joined = {
  joined: true,
  host: 'db.desk',
  port: 5432,
  database: 'desk',
  operator: 'alice',
  caFile: '/ca.pem',
};

describe('the team desk in the renderer', () => {
  it('says nothing in the status bar alone, then what main pushes: connected, not reachable since, refused', () => {
    const { api, emit } = fakeBridge({});
    const team = new TeamManager(api);
    const stop = team.follow();
    expect(team.status).toBeUndefined();
    emit('team.state', { joined: false });
    expect(team.status).toBeUndefined();
    emit('team.state', { ...joined, status: 'connected', sinceMs: Date.now() });
    expect(team.status).toEqual({ text: 'Team desk: connected', trouble: false });
    const since = new Date();
    since.setHours(14, 2, 0, 0);
    const problem = 'The connection to the team server at db.desk:5432 was lost.';
    emit('team.state', { ...joined, status: 'unreachable', sinceMs: since.getTime(), problem });
    expect(team.status).toEqual({
      text: 'Team desk: not reachable since 14:02',
      trouble: true,
      title: problem,
    });
    emit('team.state', { ...joined, status: 'refused', sinceMs: since.getTime(), problem: 'wrong password' });
    expect(team.status).toMatchObject({ text: 'Team desk: not connected', title: 'wrong password' });
    stop();
  });

  it('names another day by its date', () => {
    const day = new Date(2026, 2, 3, 9, 5).getTime();
    expect(sinceWords(day, new Date(2026, 2, 4, 10).getTime())).toBe('3 Mar 09:05');
    expect(sinceWords(day, new Date(2026, 2, 3, 23).getTime())).toBe('09:05');
  });

  it('refuses a port that is not a port before asking main, and joins with the CA choice it is given', async () => {
    const { api, calls } = fakeBridge({
      'team.join': { ok: true, value: { ...joined, status: 'connected' } },
    });
    const team = new TeamManager(api);
    const form = { host: ' db.desk ', port: '70000', database: 'desk', operator: 'alice' };
    expect(await team.join(form, 'chosen')).toBe(false);
    expect(team.error).toMatchObject({ field: 'port' });
    expect(calls).toEqual([]);
    expect(await team.join({ ...form, port: '5432' }, 'kept')).toBe(true);
    expect(calls).toEqual([
      ['team.join', { host: 'db.desk', port: 5432, database: 'desk', operator: 'alice', ca: 'kept' }],
    ]);
    expect(team.operator).toBe('alice');
  });
});
