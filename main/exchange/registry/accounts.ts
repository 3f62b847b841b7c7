/**
 * The accounts' endpoints: funds out, the wallet's other work, mining (`mining.ts`), sub-accounts and
 * their keys (`rest.ts` joins them with the trading endpoints into `REST`).
 */
import * as archive from '../schemas/archive.ts';
import * as flex from '../schemas/flex.ts';
import { noFields, unreadAnswer } from '../schemas/primitives.ts';
import * as subs from '../schemas/sub-accounts.ts';
import * as wallet from '../schemas/wallet.ts';
import { admin, post, treasurer, type RestEndpoint } from './endpoint.ts';
import { MINING } from './mining.ts';

export const ACCOUNTS = {
  // funds out (capability: withdraw, transfers)
  withdraw: post('main-account/withdraw', {
    request: wallet.withdrawPayInput,
    answer: unreadAnswer,
    unread: 'a withdrawal is followed in the wallet history by the unique id it was sent with',
    desk: treasurer('send a withdrawal'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'withdrawal',
  }),
  withdrawPay: post('main-account/withdraw-pay', {
    request: wallet.withdrawPayInput,
    answer: unreadAnswer,
    unread: 'a withdrawal is followed in the wallet history by the unique id it was sent with',
    group: 'account',
    desk: treasurer('send a withdrawal'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'withdrawal',
    reachedBy: ['wallet.withdraw'],
  }),
  codes: post('main-account/codes', {
    request: wallet.codeInput,
    answer: wallet.codeResultSchema,
    group: 'account',
    desk: treasurer('create a service code'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'code',
    reachedBy: ['wallet.createCode'],
  }),
  myCodes: post('main-account/codes/my', {
    request: wallet.codesRequest,
    answer: wallet.codesPage,
    capability: 'read',
    reachedBy: ['wallet.codes'],
  }),
  codesHistory: post('main-account/codes/history', {
    request: wallet.codesRequest,
    answer: wallet.codesPage,
    capability: 'read',
    reachedBy: ['wallet.codes'],
  }),
  applyCode: post('main-account/codes/apply', {
    request: wallet.applyCodeRequest,
    answer: wallet.appliedCodeSchema,
    desk: treasurer('apply a service code'),
    capability: 'withdraw',
    reachedBy: ['wallet.applyCode'],
  }),
  refundDeposit: post('main-account/refund-deposit', {
    request: wallet.refundDepositRequest,
    answer: wallet.refundDepositAnswer,
    desk: treasurer('refund a deposit'),
    capability: 'withdraw',
    movesFunds: true,
    reachedBy: ['wallet.refundDeposit'],
  }),
  subAccountTransfer: post('sub-account/transfer', {
    request: subs.transferInput,
    answer: subs.transferAnswer,
    group: 'account',
    desk: treasurer('transfer funds to or from a sub-account'),
    capability: 'transfers',
    movesFunds: true,
    fourEyes: 'transfer',
    reachedBy: ['subaccounts.transfer', 'subaccounts.runSweep'],
  }),

  // the wallet's other work
  mainFee: post('main-account/fee', {
    request: noFields,
    answer: wallet.feesAnswer,
    capability: 'read',
    reachedBy: ['wallet.withdrawFees', 'wallet.withdraw'],
  }),
  convertEstimate: post('convert/estimate', {
    request: wallet.convertEstimateRequest,
    answer: wallet.convertQuoteSchema,
    capability: 'convert',
    reachedBy: ['wallet.convertQuote'],
  }),
  convertConfirm: post('convert/confirm', {
    request: wallet.convertConfirmRequest,
    answer: wallet.convertConfirmAnswer,
    desk: treasurer('convert funds'),
    capability: 'convert',
    reachedBy: ['wallet.convert'],
  }),
  // one call at the rate of the moment, with no quote to show: the wallet quotes and confirms instead
  convert: post('convert/auto-confirm', {
    request: wallet.convertRequest,
    answer: wallet.convertResultSchema,
    desk: treasurer('convert funds'),
    capability: 'convert',
  }),
  convertHistory: post('convert/history', {
    request: archive.convertHistoryRequest,
    answer: archive.convertHistoryAnswer,
    reachedBy: ['vault.sync'],
  }),
  flexClose: post('main-account/smart-flex/investments/close', {
    request: flex.flexCloseRequest,
    answer: flex.closeInvestmentAnswer,
    group: 'account',
    desk: treasurer('close a flex investment'),
    capability: 'flex',
    reachedBy: ['wallet.closeFlex'],
  }),
  flexInvestments: post('main-account/smart-flex/investments', {
    request: flex.flexRequest,
    answer: flex.investmentsAnswer,
  }),
  flexPlans: post('main-account/smart-flex/plans', {
    request: flex.flexPlansRequest,
    answer: flex.flexPlansAnswer,
    group: 'account',
  }),
  flexInvest: post('main-account/smart-flex/investments/invest', {
    request: flex.flexInvestRequest,
    answer: flex.closeInvestmentAnswer,
    group: 'account',
    desk: treasurer('invest in flexible earn'),
    capability: 'flex',
  }),
  flexWithdraw: post('main-account/smart-flex/investments/withdraw', {
    request: flex.flexWithdrawRequest,
    answer: flex.closeInvestmentAnswer,
    group: 'account',
    desk: treasurer('withdraw from a flex investment'),
    capability: 'flex',
  }),
  flexAutoInvest: post('main-account/smart-flex/investments/auto-invest', {
    request: flex.flexAutoInvestRequest,
    answer: unreadAnswer,
    unread: "the exchange answers an empty list: the investments list reads the investment's switch back",
    group: 'account',
    desk: treasurer('switch the auto-reinvestment of a flex investment'),
    capability: 'flex',
  }),
  flexHistory: post('main-account/smart-flex/investments/history', {
    request: flex.flexHistoryRequest,
    answer: flex.flexHistoryAnswer,
    group: 'account',
  }),
  flexPayments: post('main-account/smart-flex/investments/payment-history', {
    request: flex.flexPaymentsRequest,
    answer: flex.flexHistoryAnswer,
    group: 'account',
  }),
  depositAddress: post('main-account/address', {
    request: wallet.addressRequest,
    answer: wallet.depositAddressSchema,
    reachedBy: ['wallet.depositAddress'],
  }),
  newDepositAddress: post('main-account/create-new-address', {
    request: wallet.newAddressRequest,
    answer: wallet.depositAddressSchema,
    desk: treasurer('make a new deposit address'),
    reachedBy: ['wallet.newDepositAddress'],
  }),
  mainTransfer: post('main-account/transfer', {
    request: wallet.balanceTransferRequest,
    answer: unreadAnswer,
    unread: 'the exchange answers an empty body: the balances read next show the move',
    desk: treasurer('move funds between balances'),
  }),
  fiatDepositUrl: post('main-account/fiat-deposit-url', {
    request: wallet.fiatDepositRequest,
    answer: wallet.fiatDepositAnswer,
    desk: treasurer('make a fiat deposit invoice'),
  }),
  creditLoan: post('credit-line/loans/info', {
    request: noFields,
    answer: wallet.creditLoanSchema,
    group: 'account',
  }),
  vasps: post('travel-rule/vasps', {
    request: noFields,
    answer: wallet.vaspsAnswer,
    group: 'account',
    capability: 'travel-rule',
    reachedBy: ['wallet.vasps'],
  }),
  depositVerification: post('travel-rule/deposit/verification', {
    request: wallet.travelRuleRequest,
    answer: wallet.travelRuleAnswer,
    desk: treasurer('verify a deposit'),
    capability: 'travel-rule',
    reachedBy: ['wallet.verifyDeposit'],
  }),

  ...MINING,

  // sub-accounts and their keys (an admin's, outside the capability table)
  subAccountList: post('sub-account/list', {
    request: subs.listRequest,
    answer: subs.listSchema,
    reachedBy: ['subaccounts.findUnregistered', 'subaccounts.list'],
  }),
  subAccountCreate: post('sub-account/create', {
    request: subs.createRequest,
    answer: subs.subAccountRecordSchema,
    desk: admin('create a sub-account'),
    reachedBy: ['subaccounts.create', 'subaccounts.runBatch'],
  }),
  subAccountEdit: post('sub-account/edit', {
    request: subs.editRequest,
    answer: unreadAnswer,
    unread: "the alias and permissions sent are the sub-account's once the exchange takes them",
    desk: admin('edit a sub-account'),
    reachedBy: ['subaccounts.edit'],
  }),
  subAccountDelete: post('sub-account/delete', {
    request: subs.subAccountRequest,
    answer: unreadAnswer,
    unread: 'the exchange answers an empty body: the sub-account is gone',
    desk: admin('delete a sub-account'),
    reachedBy: ['subaccounts.delete'],
  }),
  subAccountBlock: post('sub-account/block', {
    request: subs.subAccountRequest,
    answer: unreadAnswer,
    unread: 'the exchange answers an empty body: the sub-account is blocked',
    desk: admin('block a sub-account'),
    reachedBy: ['subaccounts.setBlocked'],
  }),
  subAccountUnblock: post('sub-account/unblock', {
    request: subs.subAccountRequest,
    answer: unreadAnswer,
    unread: 'the exchange answers an empty body: the sub-account is unblocked',
    desk: admin('unblock a sub-account'),
    reachedBy: ['subaccounts.setBlocked'],
  }),
  subAccountBalances: post('sub-account/balances', {
    request: subs.balancesRequest,
    answer: subs.subBalanceSchema,
    group: 'account',
    reachedBy: ['subaccounts.balances'],
  }),
  subAccountTransferHistory: post('sub-account/transfer/history', {
    request: subs.transferHistoryRequest,
    answer: subs.transferHistorySchema,
  }),
  unconfirmedWithdrawals: post('sub-account/withdraw/unconfirmed-list', {
    request: subs.bySubAccountRequest,
    answer: subs.unconfirmedWithdrawalsAnswer,
    reachedBy: ['subaccounts.approvals'],
  }),
  subAccountWithdrawConfirm: post('sub-account/withdraw/confirm', {
    request: subs.subAccountRequest,
    answer: unreadAnswer,
    unread: 'the exchange answers an empty object: the withdrawal leaves the waiting list and is sent',
    desk: treasurer("let a sub-account's withdrawal go"),
    // it lets funds leave a sub-account, yet no key permission offers it (a main-account path, outside
    // the capability table): four eyes hold every one, whatever the key
    fourEyes: 'sub_withdrawal',
    reachedBy: ['subaccounts.confirmWithdrawal'],
  }),
  subAccountKycUrl: post('sub-account/kyc-url', {
    request: subs.subAccountRequest,
    answer: subs.kycUrlAnswer,
    group: 'account',
    desk: admin('make a KYC link for a sub-account'),
  }),
  keyCreate: post('sub-account/api-key/create', {
    request: subs.createKeyInput,
    answer: subs.createKeyAnswer,
    desk: admin('create an API key'),
    fourEyes: 'key_create',
    reachedBy: ['subaccounts.createKey', 'subaccounts.runBatch'],
  }),
  keyList: post('sub-account/api-key/list', {
    request: subs.bySubAccountRequest,
    answer: subs.listKeysAnswer,
    reachedBy: ['subaccounts.keys'],
  }),
  keyDelete: post('sub-account/api-key/delete', {
    request: subs.keyRequest,
    answer: unreadAnswer,
    unread: 'the exchange answers an empty body: the key is gone',
    desk: admin('delete an API key'),
    reachedBy: ['subaccounts.deleteKey'],
  }),
  keyEdit: post('sub-account/api-key/edit', {
    request: subs.editApiKeyInput,
    answer: unreadAnswer,
    unread: "the permissions sent are the key's once the exchange takes them (the list reads them back)",
    group: 'account',
    desk: admin("change a key's permissions"),
    fourEyes: 'key_edit',
    reachedBy: ['subaccounts.applyPermissions'],
  }),
  keyReset: post('sub-account/api-key/reset', {
    request: subs.resetApiKeyInput,
    answer: subs.resetKeyAnswer,
    group: 'account',
    desk: admin('reset an API key'),
    fourEyes: 'key_reset',
    reachedBy: ['subaccounts.resetKey'],
  }),
  keyIpList: post('sub-account/api-key/ip-address/list', {
    request: subs.keyRequest,
    answer: subs.ipList,
    reachedBy: ['subaccounts.keyIps'],
  }),
  keyIpCreate: post('sub-account/api-key/ip-address/create', {
    request: subs.keyIpRequest,
    answer: subs.ipList,
    desk: admin("change a key's IP allow-list"),
    reachedBy: ['subaccounts.setKeyIps'],
  }),
  keyIpDelete: post('sub-account/api-key/ip-address/delete', {
    request: subs.keyIpRequest,
    answer: subs.ipList,
    desk: admin("change a key's IP allow-list"),
    reachedBy: ['subaccounts.setKeyIps'],
  }),
} as const satisfies Record<string, RestEndpoint>;
