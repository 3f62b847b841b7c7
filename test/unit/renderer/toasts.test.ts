import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../main/ipc/contract.ts';
import { createBridge } from '../../../preload/bridge.ts';
import {
  INFO_TOAST_MS,
  MAX_TOASTS,
  ToastManager,
  type ToastTimers,
} from '../../../renderer/src/lib/managers/toasts.svelte.ts';

/** Timers that run only when the test says so. */
function fakeTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const timers: ToastTimers = {
    set: (run, ms) => {
      pending.set(++next, { run, ms });
      return next;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    pending,
    fire() {
      for (const [id, t] of [...pending]) {
        pending.delete(id);
        t.run();
      }
    },
  };
}

describe('ToastManager', () => {
  it('shows app.notice events from the bridge until it stops listening', () => {
    let push: ((name: string, payload: unknown) => void) | undefined;
    const api = createBridge({
      invoke: async () => ({ ok: true, value: null }),
      listen: (listener) => {
        push = listener;
        return () => (push = undefined);
      },
    });
    const manager = new ToastManager(fakeTimers().timers);
    const stop = manager.listen(api);
    const notice: Notice = { level: 'warning', message: 'Key expires soon' };
    push?.('app.notice', notice);
    expect(manager.toasts.map((t) => t.message)).toEqual(['Key expires soon']);
    stop();
    expect(push).toBeUndefined();
  });

  it('lets info leave by itself but keeps warnings and errors until dismissed', () => {
    const clock = fakeTimers();
    const manager = new ToastManager(clock.timers);
    manager.push({ level: 'info', message: 'Synced' });
    const error = manager.push({ level: 'error', message: 'Sync failed' });
    expect([...clock.pending.values()].map((t) => t.ms)).toEqual([INFO_TOAST_MS]);
    clock.fire();
    expect(manager.toasts.map((t) => t.message)).toEqual(['Sync failed']);
    manager.dismiss(error.id);
    expect(manager.toasts).toEqual([]);
  });

  it('keeps the newest few, cancelling the timers of those it drops', () => {
    const clock = fakeTimers();
    const manager = new ToastManager(clock.timers);
    for (let i = 0; i < MAX_TOASTS + 2; i++) manager.push({ level: 'info', message: `n${i}` });
    expect(manager.toasts.map((t) => t.message)).toEqual(['n2', 'n3', 'n4', 'n5', 'n6']);
    expect(clock.pending.size).toBe(MAX_TOASTS);
  });
});
