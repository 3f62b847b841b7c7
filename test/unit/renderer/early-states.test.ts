import { describe, expect, it } from 'vitest';
import { takeEarlyStates, watchEarlyStates } from '../../../renderer/src/lib/managers/early-reads.ts';
import { AccountLabels } from '../../../renderer/src/lib/managers/account-labels.svelte.ts';
import { LiveStatesManager } from '../../../renderer/src/lib/managers/live-states.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('sockets the window opened before the status bar listened', () => {
  it('are counted from their last state said meanwhile, and the keeping stops once taken', () => {
    const { api, emit } = fakeBridge({ 'accounts.list': { ok: true, value: [] } });
    watchEarlyStates(api);
    emit('ws.state', { accountId: A, state: 'connecting' });
    emit('ws.state', { accountId: A, state: 'live' });
    emit('ws.state', { accountId: B, state: 'authorizing' });
    const live = new LiveStatesManager(api, new AccountLabels(api));
    const stop = live.listen();
    expect(live.summary).toBe('1 opening · 1 live');
    // after: the status bar's own listener, once
    emit('ws.state', { accountId: B, state: 'live' });
    expect(live.summary).toBe('2 live');
    expect(takeEarlyStates()).toEqual([]);
    stop();
  });
});
