// The positions manager's tests share one account, one long position and a bridge answering as the sandbox does.
import type { PositionView } from '../../../main/ipc/contract.ts';

export const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
export const OTHER = '6e2d2f1f-9b5c-4d66-8b5f-4c2f3e0d8b21';

export const long: PositionView = {
  positionId: 7,
  market: 'BTC_PERP',
  amount: '0.01',
  basePrice: '64000',
  liquidationPrice: '51200',
  positionSide: 'BOTH',
  margin: '32',
};

/** The bridge's answers, as the sandbox would give them, for the procedures the manager calls. */
let nextSub = 0;
export function sandboxLike(procedure: string, input: unknown): unknown {
  switch (procedure) {
    case 'positions.open':
      return { ok: true, value: [long] };
    case 'markets.list':
      return {
        ok: true,
        value: [
          { name: 'BTC_PERP', type: 'futures', maxLeverage: 100, tickSize: '0.1' },
          { name: 'ETH_PERP', type: 'futures', maxLeverage: 50, tickSize: '0.01' },
        ],
      };
    case 'live.subscribe':
      return { ok: true, value: `00000000-0000-4000-8000-${String(++nextSub).padStart(12, '0')}` };
    case 'positions.adl':
      return { ok: true, value: [{ market: 'BTC_PERP', positionSide: 'LONG', quantile: 2 }] };
    case 'positions.setLeverage':
      return { ok: true, value: (input as { leverage: number }).leverage };
    case 'known.recall':
      return { ok: true, value: [] };
    default:
      return { ok: true, value: true };
  }
}
