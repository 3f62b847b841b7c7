// The wallet's tests share one account, one currency, a transfer row and a scripted bridge.
import type { WalletAsset } from '../../../renderer/src/lib/managers/wallet.svelte.ts';
import { fakeBridge, NO_ANSWER } from './fake-bridge.ts';

/** A deposit or withdrawal as main lists it. */
export const transfer = (id: string, kind: 'deposit' | 'withdrawal') => ({
  id,
  kind,
  uniqueId: '',
  ticker: 'USDT',
  amount: '1',
  fee: '0',
  network: '',
  address: '',
  memo: '',
  status: '',
  atMs: null,
});

export const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';

export type Answer = unknown | ((input: unknown) => unknown);

export const USDT: WalletAsset = {
  ticker: 'USDT',
  name: 'Tether',
  canWithdraw: true,
  canDeposit: true,
  minWithdraw: '5',
  maxWithdraw: '100000',
  withdrawFee: '1',
  precision: 6,
  networks: ['ERC20', 'TRC20'],
  defaultNetwork: 'ERC20',
  fiat: false,
  memo: false,
};

/** Main's answer about an address it found valid on ERC20 and not in the book. */
export const VALID = { ok: true, value: { network: 'ERC20', problem: null, memo: null, inBook: null } };

export const fields = (amount: string, address = '0xabc') => ({
  ticker: 'USDT',
  network: '',
  address,
  amount,
  provider: '',
});

/** Answers in turn per procedure (the last one repeats); a function answer is given the input. */
export function walletBridge(answers: Record<string, Answer[]>) {
  const bridge = fakeBridge((procedure, input) => {
    const list = answers[procedure];
    const answer = list && list.length > 1 ? list.shift() : list?.[0];
    if (answer === undefined) return NO_ANSWER;
    return typeof answer === 'function' ? (answer as (i: unknown) => unknown)(input) : answer;
  });
  return { ...bridge, push: bridge.emit };
}
