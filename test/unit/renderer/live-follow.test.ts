import { describe, expect, it, vi } from 'vitest';
import { LiveFollow } from '../../../renderer/src/lib/managers/live-follow.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '00000000-0000-4000-8000-000000000001';

describe('a screen following an account’s channels', () => {
  it('is live only once its own subscriptions are answered, even on a socket another read opened first', async () => {
    let answerSubscribe: (() => void) | undefined;
    const { api, emit } = fakeBridge((procedure) => {
      if (procedure === 'live.subscribe')
        return new Promise(
          (resolve) => (answerSubscribe = () => resolve({ ok: true, value: crypto.randomUUID() })),
        );
      if (procedure === 'live.state') return { ok: true, value: 'live' };
      return { ok: true, value: true };
    });
    const changes: boolean[] = [];
    const follow = new LiveFollow(api, { onLive: (live) => changes.push(live) });
    const following = follow.follow([ACCOUNT], ['depth']);
    // the window's early read opened the socket: main says it is live before the subscription is answered
    await vi.waitFor(() => expect(answerSubscribe).toBeDefined());
    emit('ws.state', { accountId: ACCOUNT, state: 'live' });
    expect(follow.states[ACCOUNT]).toBe('live');
    expect(follow.live).toBe(false);
    // nor down: the subscription is on its way
    expect(follow.downSinceMs).toBeNull();
    answerSubscribe?.();
    await following;
    expect(follow.live).toBe(true);
    expect(changes).toEqual([true]);
    // a drop and a return: down since the drop, live again after
    emit('ws.state', { accountId: ACCOUNT, state: 'stale' });
    expect(follow.live).toBe(false);
    expect(follow.downSinceMs).not.toBeNull();
    emit('ws.state', { accountId: ACCOUNT, state: 'live' });
    expect(follow.live).toBe(true);
    expect(changes).toEqual([true, false, true]);
    await follow.stop();
    expect(follow.live).toBe(false);
  });
});
