/**
 * Main's own checks and native questions before wallet money moves. The renderer's form checks are a
 * convenience; these run for every caller of the bridge: the same rules, then the facts as they will
 * be sent, stated in the app's own dialog.
 */
import { Dec, show } from '../../rules/decimal.ts';
import type { RuleIssue } from '../../rules/types.ts';
import { checkCode, checkWithdrawal, withdrawalNetwork } from '../../rules/wallet.ts';
import { UserFacingError } from '../../errors.ts';
import type { WalletAssetView } from '../../views/wallet.ts';
import type { Confirmation } from '../../platform.ts';

export function refuse(issue: RuleIssue | undefined): void {
  if (issue) throw new UserFacingError('invalid_input', issue.message, issue.field);
}

export function assetOf(assets: readonly WalletAssetView[], ticker: string): WalletAssetView {
  const asset = assets.find((a) => a.ticker === ticker);
  if (!asset)
    throw new UserFacingError('invalid_input', `The exchange lists no currency ${ticker}.`, 'ticker');
  return asset;
}

type Fact = Confirmation['facts'][number];

export interface WithdrawalPlan {
  readonly ticker: string;
  readonly amount: string;
  readonly address: string;
  readonly network?: string | undefined;
  readonly memo?: string | undefined;
  readonly provider?: string | undefined;
}

/**
 * Checks a withdrawal and returns main's question about it: account, asset, network, address, memo,
 * amount, fee and total; with a warning line when the address is not in the book.
 */
export function withdrawalQuestion(
  account: string,
  asset: WalletAssetView,
  plan: WithdrawalPlan,
  bookLabel: string | undefined,
): { question: Confirmation; network: string } {
  refuse(checkWithdrawal(asset, plan));
  const network = withdrawalNetwork(asset, plan.network);
  const amount = show(new Dec(plan.amount));
  const t = asset.ticker;
  const fee = asset.withdrawFee === null ? null : show(new Dec(asset.withdrawFee));
  const total =
    fee === null ? `${amount} ${t} plus the exchange's fee` : `${show(new Dec(amount).add(fee))} ${t}`;
  const facts: Fact[] = [
    { label: 'Account', value: account },
    { label: 'Asset', value: t },
    ...(network ? [{ label: 'Network', value: network }] : []),
    { label: 'Address', value: plan.address },
    ...(plan.memo ? [{ label: 'Memo / tag', value: plan.memo }] : []),
    ...(plan.provider ? [{ label: 'Provider', value: plan.provider }] : []),
    ...(bookLabel ? [{ label: 'Address book', value: bookLabel }] : []),
    { label: 'Receiver gets', value: `${amount} ${t}` },
    { label: 'Fee', value: fee === null ? 'not published by the exchange' : `${fee} ${t}` },
    { label: 'Total debited', value: total },
  ];
  return {
    network,
    question: {
      title: `Withdraw ${amount} ${t}${network ? ` on ${network}` : ''}?`,
      facts,
      action: 'Withdraw',
      ...(bookLabel || asset.fiat
        ? {}
        : {
            warning:
              'This address is NOT in your address book. Check every character against the receiver: a withdrawal cannot be undone.',
          }),
    },
  };
}

export function codeQuestion(
  account: string,
  input: {
    ticker: string;
    amount: string;
    passphrase?: string | undefined;
    description?: string | undefined;
  },
): Confirmation {
  refuse(checkCode(input));
  const amount = show(new Dec(input.amount));
  return {
    title: `Create a service code for ${amount} ${input.ticker}?`,
    facts: [
      { label: 'Account', value: account },
      { label: 'Asset', value: input.ticker },
      { label: 'Amount', value: `${amount} ${input.ticker}` },
      { label: 'Passphrase', value: input.passphrase ? 'set' : 'none' },
      ...(input.description ? [{ label: 'Description', value: input.description }] : []),
    ],
    action: 'Create code',
    warning: `${amount} ${input.ticker} leaves the main balance now; whoever holds the code can redeem it. The code goes to the clipboard.`,
  };
}

/** The question before a service code on the clipboard is applied: the clipboard is read only after it. */
export function applyCodeQuestion(account: string, passphrase: string | undefined): Confirmation {
  return {
    title: `Apply the service code on the clipboard to "${account}"?`,
    facts: [
      { label: 'Account', value: account },
      { label: 'Code', value: 'read from the clipboard once you apply, then the clipboard is cleared' },
      { label: 'Passphrase', value: passphrase ? 'given' : 'none' },
    ],
    action: 'Apply code',
  };
}

export function refundQuestion(
  account: string,
  deposit: { depositId: string; ticker: string; amount: string; network: string | null },
  address: string,
): Confirmation {
  return {
    title: `Refund deposit ${deposit.depositId}?`,
    facts: [
      { label: 'Account', value: account },
      { label: 'Deposit id', value: deposit.depositId },
      { label: 'Asset', value: deposit.ticker },
      { label: 'Amount', value: `${deposit.amount} ${deposit.ticker}` },
      ...(deposit.network ? [{ label: 'Network', value: deposit.network }] : []),
      { label: 'Refund to', value: address },
    ],
    action: 'Refund',
    warning: `The whole deposit leaves the main balance and is sent to ${address}.`,
  };
}

/** The code with all but its first and last four characters hidden. */
export function maskCode(code: string): string {
  return code.length <= 10 ? '…' : `${code.slice(0, 4)}…${code.slice(-4)}`;
}
