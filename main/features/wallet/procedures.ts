/** The procedures of one account's main-balance wallet: balances, withdrawals, codes, converts. */
import { z } from 'zod';
import type { ProposedView } from '../../views/approvals.ts';
import { accountId, decimalText, noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import { ticker, walletInputs } from '../../views/wallet-inputs.ts';
import type {
  AddressCheckView,
  AppliedCodeView,
  AddressEntryView,
  BalanceHistoryView,
  ConvertDoneView,
  ConvertQuoteView,
  CreatedCodeView,
  DepositAddressView,
  FlexInvestmentView,
  MainBalanceView,
  RefundView,
  ServiceCodesView,
  TransferView,
  WalletAssetView,
  WithdrawableView,
  WithdrawFeeView,
} from '../../views/wallet.ts';

/** A person's, company's or city's name. */
const name = z.string().trim().min(1).max(255);
/** An ISO 3166-1 alpha-3 country code, as the Travel Rule asks it (`DEU`). */
const country = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter country code such as DEU');

export const walletProcedures = {
  'wallet.balances': procedure<Record<string, MainBalanceView>>()(
    'Main balances with the part held back by unconfirmed deposits (a snapshot is kept for the chart).',
    z.strictObject({ accountId }),
  ),
  'wallet.withdrawable': procedure<WithdrawableView>()(
    'What can be withdrawn now.',
    z.strictObject({ accountId }),
  ),
  'wallet.assets': procedure<WalletAssetView[]>()(
    'Currencies with their withdrawal limits, fee and networks, from the public asset list.',
    noInput,
  ),
  'wallet.withdrawFees': procedure<WithdrawFeeView[]>()(
    "The account's own withdrawal fee of each currency (and network, where its schedule names one): fixed, or a percent of the amount between a minimum and a maximum.",
    z.strictObject({ accountId }),
  ),
  'wallet.withdraw': procedure<{ uniqueId: string; recovered: boolean } | ProposedView>()(
    "A withdrawal where the receiver gets the amount in full (the fee comes on top); one uniqueId for its life. From a team's account under four eyes it is proposed for another treasurer's approval instead.",
    walletInputs.withdraw,
  ),
  'wallet.createCode': procedure<CreatedCodeView | ProposedView>()(
    'Creates a service code after the native confirmation; the code goes to the clipboard, only a hint comes back. Under four eyes it is proposed instead.',
    walletInputs.createCode,
  ),
  'wallet.codes': procedure<ServiceCodesView>()(
    "The account's service codes, newest first: those it made (`mine`), or every code it made and applied (`history`); each code masked.",
    z.strictObject({
      accountId,
      list: z.enum(['mine', 'history']),
      offset: z.number().int().min(0).max(9_950).optional(),
    }),
  ),
  'wallet.applyCode': procedure<AppliedCodeView>()(
    "Applies the service code on the clipboard to the account's main balance after the native confirmation; the code never crosses the bridge, only a hint comes back.",
    walletInputs.applyCode,
  ),
  'wallet.checkAddress': procedure<AddressCheckView>()(
    'Whether an address (and memo) can exist on the network, and whether the address book has it.',
    walletInputs.checkAddress,
  ),
  'wallet.addressBook': procedure<AddressEntryView[]>()("The profile's address book, by label.", noInput),
  'wallet.addAddress': procedure<AddressEntryView>()(
    'Adds a labelled address for a network to the address book, once it is checked for that network.',
    z.strictObject({
      label: z.string().trim().min(1, 'enter a label').max(64),
      network: z.string().trim().min(1).max(32),
      address: z.string().trim().min(1, 'enter the address').max(255),
      memo: z.string().trim().max(64).optional(),
    }),
  ),
  'wallet.removeAddress': procedure<null>()(
    "Removes an address from the address book once the person confirmed main's question naming it.",
    z.strictObject({ id: z.uuid() }),
  ),
  'wallet.vasps': procedure<Array<{ vaspId: string; name: string }>>()(
    "Travel-rule VASPs for the account's region.",
    z.strictObject({ accountId }),
  ),
  'wallet.verifyDeposit': procedure<{ depositId: string }>()(
    'Sends the originator of a deposit held for Travel Rule verification: who sent it (a person or a company), from where, and from which wallet (a hosted one names its VASP).',
    z
      .strictObject({
        accountId,
        depositId: z.string().trim().min(1).max(255),
        walletType: z.enum(['hosted', 'unhosted']),
        originator: z.strictObject({
          type: z.enum(['individual', 'entity']),
          firstName: name.optional(),
          lastName: name.optional(),
          fullName: name.optional(),
          residenceCountry: country,
          walletAddress: z.string().trim().min(1).max(255),
          address: z.strictObject({
            country,
            city: name,
            postCode: z.string().trim().max(32).optional(),
            addressLine1: z.string().trim().min(1).max(255),
          }),
        }),
        vasp: z
          .union([
            z.strictObject({ vaspId: z.string().min(1).max(64) }),
            z.strictObject({ name: z.string().trim().min(1).max(255) }),
          ])
          .optional(),
      })
      .superRefine((v, ctx) => {
        const o = v.originator;
        if (o.type === 'individual' && (!o.firstName || !o.lastName))
          ctx.addIssue({
            code: 'custom',
            path: ['originator', o.firstName ? 'lastName' : 'firstName'],
            message: 'A person is named by first and last name.',
          });
        if (o.type === 'entity' && !o.fullName)
          ctx.addIssue({
            code: 'custom',
            path: ['originator', 'fullName'],
            message: 'A company is named by its full name.',
          });
        if (v.walletType === 'hosted' && !v.vasp)
          ctx.addIssue({
            code: 'custom',
            path: ['vasp'],
            message: 'A hosted wallet is named by its VASP: pick it from the list or type its name.',
          });
      }),
  ),
  'wallet.convertQuote': procedure<ConvertQuoteView>()(
    'Asks the exchange for a convert quote (what is given, what comes back, the rate) and keeps it to be confirmed before it expires (about 10 s).',
    walletInputs.convertQuote,
  ),
  'wallet.convert': procedure<ConvertDoneView>()(
    "Converts at a quote this account was given, by its id, after main's question naming its amounts, rate and expiry; an expired quote is refused, never re-quoted.",
    walletInputs.convert,
  ),
  'wallet.history': procedure<{ records: TransferView[] }>()(
    'Deposits and withdrawals, newest first.',
    walletInputs.history,
  ),
  'wallet.refunds': procedure<{ records: RefundView[] }>()(
    'Deposit refunds (full refunds only), newest first.',
    walletInputs.refunds,
  ),
  'wallet.refundDeposit': procedure<{ depositId: string }>()(
    "Sends a credited deposit back in full to an address on the deposit's network, after main's confirmation.",
    z.strictObject({
      accountId,
      depositId: z.string().trim().min(1).max(255),
      address: z.string().trim().min(1).max(255),
    }),
  ),
  'wallet.transfer': procedure<{ from: string; to: string; ticker: string; amount: string }>()(
    "Moves funds between the account's main, spot and collateral balances after main's confirmation.",
    z.strictObject({
      accountId,
      from: z.enum(['main', 'spot', 'collateral']),
      to: z.enum(['main', 'spot', 'collateral']),
      ticker,
      amount: decimalText,
    }),
  ),
  'wallet.flexInvestments': procedure<FlexInvestmentView[]>()(
    "The account's flex investments, ACTIVE first.",
    z.strictObject({ accountId, status: z.enum(['active', 'closed', 'all']).optional() }),
  ),
  'wallet.closeFlex': procedure<{ plan: string; transactionId: string }>()(
    "Closes an ACTIVE flex investment (all its funds return to the main balance) after main's confirmation.",
    z.strictObject({ accountId, plan: z.uuid({ message: 'must be the plan id of an investment' }) }),
  ),
  'wallet.balanceHistory': procedure<BalanceHistoryView>()(
    "One currency's stored main-balance samples, oldest first, and the newest snapshot with its time.",
    z.strictObject({ accountId, ticker, limit: z.number().int().min(1).max(1000).optional() }),
  ),
  'wallet.depositAddress': procedure<DepositAddressView>()(
    "The account's deposit address for a ticker and network (a sub-account's through its own key), with its memo, limits and fees.",
    z.strictObject({ accountId, ticker, network: z.string().max(32).optional() }),
  ),
  'wallet.newDepositAddress': procedure<DepositAddressView>()(
    "A new deposit address, where the exchange enabled it for the account, after main's confirmation.",
    z.strictObject({
      accountId,
      ticker,
      network: z.string().max(32).optional(),
      type: z.enum(['p2sh-segwit', 'bech32']).optional(),
    }),
  ),
  'wallet.copyDepositAddress': procedure<{ copied: boolean }>()(
    'Puts the deposit address (or its memo), as the exchange answers it now, on the clipboard.',
    z.strictObject({
      accountId,
      ticker,
      network: z.string().max(32).optional(),
      part: z.enum(['address', 'memo']),
    }),
  ),
} as const satisfies Record<string, ProcedureDef>;
