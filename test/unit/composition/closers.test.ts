import { describe, expect, it } from 'vitest';
import { Closers } from '../../../main/floor.ts';

/** A part whose close takes a turn of the event loop, so an unawaited close would overlap the next. */
function part(name: string, log: string[]) {
  return async () => {
    log.push(`${name} closing`);
    await new Promise((resolve) => setImmediate(resolve));
    log.push(`${name} closed`);
  };
}

describe('the one list of closes', () => {
  it('closes the last added first, each one finished before the next begins', async () => {
    const log: string[] = [];
    const closers = new Closers();
    for (const name of ['cache', 'connection', 'live', 'desk']) closers.add(part(name, log));
    await closers.close();
    expect(log).toEqual([
      'desk closing',
      'desk closed',
      'live closing',
      'live closed',
      'connection closing',
      'connection closed',
      'cache closing',
      'cache closed',
    ]);
  });

  it('closes each part once, however often it is asked', async () => {
    const log: string[] = [];
    const closers = new Closers();
    closers.add(part('cache', log));
    await closers.close();
    await closers.close();
    expect(log).toEqual(['cache closing', 'cache closed']);
  });

  it('closes what was built when a later part fails to start, and throws that failure', async () => {
    const log: string[] = [];
    const closers = new Closers();
    const failure = new Error('the exchange connection could not open');
    await expect(
      closers.guard(async () => {
        closers.add(part('cache', log));
        closers.add(part('registry', log));
        await Promise.resolve();
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(log).toEqual(['registry closing', 'registry closed', 'cache closing', 'cache closed']);
  });
});
