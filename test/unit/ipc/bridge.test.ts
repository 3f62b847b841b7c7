import { describe, expect, it } from 'vitest';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { createBridge, type BridgeTransport } from '../../../preload/bridge.ts';
import { createTestCore } from '../../support/core.ts';

/** A transport that records what crosses it and answers like the router would. */
function fakeTransport(answer: (procedure: string, input: unknown) => unknown) {
  const sent: Array<{ procedure: string; input: unknown }> = [];
  const listeners = new Set<(name: string, payload: unknown) => void>();
  /** Each list of events main was told the page reads. */
  const told: string[][] = [];
  const transport: BridgeTransport = {
    async invoke(procedure, input) {
      sent.push({ procedure, input });
      return answer(procedure, input);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reads: (names) => told.push([...names]),
  };
  return {
    transport,
    sent,
    listeners,
    told,
    push: (name: string, payload: unknown) => listeners.forEach((l) => l(name, payload)),
  };
}

describe('bridge', () => {
  it('turns txc.app.info() into a call of procedure app.info', async () => {
    const info = { name: 'TXC Desk', version: '1.2.3' };
    const fake = fakeTransport(() => ({ ok: true, value: info }));
    const txc = createBridge(fake.transport);
    expect(await txc.app.info()).toEqual({ ok: true, value: info });
    expect(fake.sent).toEqual([{ procedure: 'app.info', input: undefined }]);
  });

  it('passes error replies through with code, message and field', async () => {
    const error = {
      code: 'invalid_input',
      message: 'Verbose is not accepted here.',
      field: 'verbose',
    };
    const txc = createBridge(fakeTransport(() => ({ ok: false, error })).transport);
    expect(await txc.app.info()).toEqual({ ok: false, error });
  });

  it('answers a readable error when the transport fails or replies garbage', async () => {
    const broken = createBridge({
      invoke: () => Promise.reject(new Error('channel closed')),
      listen: () => () => undefined,
      reads: () => undefined,
    });
    const reply = await broken.app.info();
    expect(reply.ok ? undefined : reply.error.code).toBe('bridge_unavailable');
    const garbage = createBridge(fakeTransport(() => ({ nope: 1 })).transport);
    expect((await garbage.app.info()).ok).toBe(false);
  });

  it('delivers pushed events to their listeners only, and stops on unsubscribe', async () => {
    const fake = fakeTransport(() => undefined);
    const txc = createBridge(fake.transport);
    const seen: unknown[] = [];
    const off = txc.on('app.notice', (notice) => seen.push(notice));
    fake.push('app.notice', { level: 'info', message: 'synced' });
    fake.push('some.other', { level: 'info', message: 'ignored' });
    off();
    fake.push('app.notice', { level: 'info', message: 'after unsubscribe' });
    expect(seen).toEqual([{ level: 'info', message: 'synced' }]);
    expect(fake.listeners.size).toBe(0);
  });

  it('tells main which events the page reads as its listeners come and go, once per change', () => {
    const fake = fakeTransport(() => undefined);
    const txc = createBridge(fake.transport);
    const offNotice = txc.on('app.notice', () => undefined);
    const offNotice2 = txc.on('app.notice', () => undefined);
    const offRows = txc.on('board.rows', () => undefined);
    offNotice();
    offNotice2();
    offRows();
    expect(fake.told).toEqual([['app.notice'], ['app.notice', 'board.rows'], ['board.rows'], []]);
  });

  it('refuses to listen to an event the contract does not declare', () => {
    const txc = createBridge(fakeTransport(() => undefined).transport);
    expect(() => txc.on('no.such.event' as 'app.notice', () => undefined)).toThrow(/Unknown event/);
  });

  it('is frozen so a page script cannot replace a procedure', () => {
    const txc = createBridge(fakeTransport(() => undefined).transport);
    expect(Object.isFrozen(txc)).toBe(true);
  });

  it('carries calls and events end to end through the router in process', async () => {
    const core = await createTestCore();
    const txc = createBridge(inProcessTransport(core.router, core.events));
    const reply = await txc.app.info();
    expect(reply.ok && reply.value.runtime).toBe('node');
    const notices: string[] = [];
    // what crosses the transport: only the events the page reads
    const crossed: string[] = [];
    const transport = inProcessTransport(core.router, core.events);
    const stop = transport.listen((name) => crossed.push(name));
    transport.reads?.(['app.notice']);
    const off = txc.on('app.notice', (n) => notices.push(n.message));
    core.events.emit('app.notice', { level: 'warning', message: 'offline' });
    core.events.emit('sync.progress', { account: 'a', job: 'deals', done: 1 } as never);
    off();
    core.events.emit('app.notice', { level: 'warning', message: 'after' });
    stop();
    expect(notices).toEqual(['offline']);
    expect(crossed).toEqual(['app.notice', 'app.notice']);
    await core.close();
  }, 30_000);
});
