// The connections requests may take at once: no more out than slots, background work behind every
// interactive request and never in the reserve, a waiter that gives up leaving the line.
import { describe, expect, it } from 'vitest';
import { SendSlots } from '../../../main/exchange/outbound.ts';

/** Resolves when every promise callback queued so far has run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SendSlots', () => {
  it('keeps the reserve for interactive requests and serves them ahead of background work', async () => {
    const slots = new SendSlots(4, 0.25);
    expect(slots.reserve).toBe(1);
    const held = await Promise.all([slots.take(true), slots.take(true), slots.take(true)]);
    const served: string[] = [];
    const background = slots.take(true).then((release) => (served.push('background'), release));
    await settle();
    expect(served).toEqual([]);
    // the reserve: an interactive request goes at once though background work waits
    const first = await slots.take(false);
    const second = slots.take(false).then((release) => (served.push('interactive'), release));
    await settle();
    expect(served).toEqual([]);
    held[0]?.();
    await settle();
    expect(served).toEqual(['interactive']);
    first();
    await settle();
    // one slot free, the reserve's: background work waits for another
    expect(served).toEqual(['interactive']);
    held[1]?.();
    await settle();
    expect(served).toEqual(['interactive', 'background']);
    for (const release of [held[2], await second, await background]) release?.();
  });

  it('lets a waiter leave on its signal, and gives a slot back once however often it is released', async () => {
    const slots = new SendSlots(1);
    const release = await slots.take(false);
    const controller = new AbortController();
    const leaving = slots.take(false, controller.signal);
    const next = slots.take(false);
    controller.abort(new Error('left'));
    await expect(leaving).rejects.toThrow('left');
    release();
    release();
    const again = await next;
    let third = false;
    void slots.take(false).then(() => (third = true));
    await settle();
    expect(third).toBe(false);
    again();
    await settle();
    expect(third).toBe(true);
  });
});
