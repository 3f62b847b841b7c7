/**
 * What the untrusted-renderer suites share: a page's calls through the router as `window.txc` makes
 * them, every native question answered as the test says, and what reached the sandbox meanwhile
 * (what was signed: orders placed, changed or cancelled, leverage set; reads are left out).
 */
import type { Reply } from '../../main/ipc/contract.ts';
import { inProcessTransport } from '../../main/ipc/in-process-transport.ts';
import type { Confirmation } from '../../main/platform.ts';
import type { ReceivedRequest, Sandbox } from '../../main/sandbox/index.ts';
import type { TestCore } from './core.ts';
import type { ScriptedDesktop } from './desktop.ts';
import { bookMid } from './ticket-oracle.ts';

/** A request that changes something at the exchange: an order placed, changed or cancelled, leverage. */
export function isSignedChange(r: ReceivedRequest): boolean {
  if (r.via === 'ws') return /(_place|^order_modify|^order_cancel(_all)?)$/.test(r.path);
  return r.path.startsWith('/api/v4/order/') || r.path === '/api/v4/collateral-account/leverage';
}

export interface PageSession {
  /** What an injected script gets back from `window.txc.<procedure>(input)`. */
  call(procedure: string, input?: unknown): Promise<Reply<unknown>>;
  ok<T>(procedure: string, input?: unknown): Promise<T>;
  /** What happened while `act` ran with every question answered `answer`: the questions and what was signed. */
  answering<T>(
    answer: boolean,
    act: () => Promise<T>,
  ): Promise<{ result: T; asked: Confirmation[]; signed: ReceivedRequest[] }>;
  /** A price `factor` × the middle of the market's book now, on its 0.1 tick. */
  priceAt(market: string, factor: number): string;
}

export function pageSession(core: TestCore, desktop: ScriptedDesktop, sandbox: Sandbox): PageSession {
  const transport = inProcessTransport(core.router, core.events, 'renderer');
  const signed: ReceivedRequest[] = [];
  sandbox.control.watchRequests((r) => {
    if (isSignedChange(r)) signed.push(r);
  });
  const call = (procedure: string, input?: unknown) =>
    transport.invoke(procedure, input) as Promise<Reply<unknown>>;
  return {
    call,
    async ok<T>(procedure: string, input?: unknown): Promise<T> {
      const reply = await call(procedure, input);
      if (!reply.ok) throw new Error(`${procedure}: ${reply.error.code} ${reply.error.message}`);
      return reply.value as T;
    },
    async answering(answer, act) {
      const asked = desktop.confirmations.length;
      const sent = signed.length;
      desktop.confirmAnswer = answer;
      try {
        const result = await act();
        return { result, asked: desktop.confirmations.slice(asked), signed: signed.slice(sent) };
      } finally {
        desktop.confirmAnswer = true;
      }
    },
    priceAt(market, factor) {
      const mid =
        bookMid(sandbox, market) ?? Number(sandbox.control.state.markets.get(market)?.basePrice ?? 0);
      return (Math.round(mid * factor * 10) / 10).toFixed(1);
    },
  };
}

/** A question's facts by label. */
export const factsOf = (q: Confirmation | undefined): Record<string, string> =>
  Object.fromEntries((q?.facts ?? []).map((f) => [f.label, f.value]));
