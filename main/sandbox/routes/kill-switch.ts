/** Kill switch: cancel all orders of a market after a timeout unless re-armed; and its status. */
import type { Engine } from '../engine/engine.ts';
import { fieldError } from '../http/errors.ts';
import { optString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { KillSwitch, SandboxState } from '../state.ts';
import { marketUnavailable, spotMarket } from './order-rules.ts';

export const KILL_SWITCH_TYPES = ['spot', 'margin', 'futures'];
export const KILL_SWITCH_MIN_S = 5;
export const KILL_SWITCH_MAX_S = 600;

/** A timer as the exchange answers it: `types` names the kinds it cancels (every kind when none was asked). */
function view(k: KillSwitch): Record<string, unknown> {
  return {
    market: k.market,
    startTime: k.startTime,
    cancellationTime: k.cancellationTime,
    types: k.types ?? KILL_SWITCH_TYPES,
  };
}

/** Fires the kill switches that are due at server time `now`. */
export function fireKillSwitches(state: SandboxState, engine: Engine, now: number): void {
  for (const [id, k] of state.killSwitches) {
    if (k.cancellationTime * 1000 > now) continue;
    state.killSwitches.delete(id);
    for (const o of engine.openOrders(k.accountId)) {
      if (o.market !== k.market) continue;
      const m = state.markets.get(o.market);
      const type = !o.collateral ? 'spot' : m?.type === 'futures' ? 'futures' : 'margin';
      if ((k.types ?? KILL_SWITCH_TYPES).includes(type)) engine.cancel(o);
    }
  }
}

export function killSwitchRoutes(state: SandboxState): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/order/kill-switch',
      handler: ({ account, body }) => {
        const m = spotMarket(state, body);
        const key = `${account.id}|${m.name}`;
        if (!('timeout' in body)) throw fieldError('timeout', 'The timeout field must be present.');
        const raw = body['timeout'];
        if (raw === null) {
          // deleting a timer answers a literal empty array
          state.killSwitches.delete(key);
          return [];
        }
        const timeout =
          typeof raw === 'string' && /^\d+$/.test(raw)
            ? Number(raw)
            : Number.isSafeInteger(raw)
              ? (raw as number)
              : NaN;
        if (!(timeout >= KILL_SWITCH_MIN_S && timeout <= KILL_SWITCH_MAX_S))
          throw fieldError(
            'timeout',
            timeout < KILL_SWITCH_MIN_S
              ? `Timeout should be at least ${KILL_SWITCH_MIN_S}.`
              : `Timeout should be at most ${KILL_SWITCH_MAX_S}.`,
          );
        const typesRaw = body['types'];
        let types: string[] | null = null;
        if (typesRaw !== undefined) {
          if (
            !Array.isArray(typesRaw) ||
            typesRaw.length === 0 ||
            typesRaw.length > KILL_SWITCH_TYPES.length ||
            typesRaw.some((t) => !KILL_SWITCH_TYPES.includes(t))
          )
            throw fieldError('types', 'The selected types are invalid.');
          types = typesRaw as string[];
        }
        const now = Math.floor(state.now() / 1000);
        const k: KillSwitch = {
          accountId: account.id,
          market: m.name,
          startTime: now,
          cancellationTime: now + timeout,
          types,
        };
        state.killSwitches.set(key, k);
        return view(k);
      },
    },
    {
      method: 'POST',
      path: '/api/v4/order/kill-switch/status',
      handler: ({ account, body }) => {
        const market = optString(body, 'market');
        if (market !== undefined && !state.markets.has(market)) throw marketUnavailable();
        return [...state.killSwitches.values()]
          .filter((k) => k.accountId === account.id && (!market || k.market === market))
          .map(view);
      },
    },
  ];
}
