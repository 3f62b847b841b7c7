/**
 * The accounts' endpoints: funds out, the wallet's other work, mining, sub-accounts and their keys
 * (`rest.ts` joins them with the trading endpoints into `REST`).
 */
import { admin, post, treasurer, type RestEndpoint } from './endpoint.ts';

export const ACCOUNTS = {
  // funds out (capability: withdraw, transfers)
  withdraw: post('main-account/withdraw', {
    desk: treasurer('send a withdrawal'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'withdrawal',
  }),
  withdrawPay: post('main-account/withdraw-pay', {
    group: 'account',
    desk: treasurer('send a withdrawal'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'withdrawal',
    reachedBy: ['wallet.withdraw'],
  }),
  codes: post('main-account/codes', {
    group: 'account',
    desk: treasurer('create a service code'),
    capability: 'withdraw',
    movesFunds: true,
    fourEyes: 'code',
    reachedBy: ['wallet.createCode'],
  }),
  applyCode: post('main-account/codes/apply', {
    desk: treasurer('apply a service code'),
    capability: 'withdraw',
    reachedBy: ['wallet.applyCode'],
  }),
  refundDeposit: post('main-account/refund-deposit', {
    desk: treasurer('refund a deposit'),
    capability: 'withdraw',
    movesFunds: true,
    reachedBy: ['wallet.refundDeposit'],
  }),
  subAccountTransfer: post('sub-account/transfer', {
    group: 'account',
    desk: treasurer('transfer funds to or from a sub-account'),
    capability: 'transfers',
    movesFunds: true,
    fourEyes: 'transfer',
    reachedBy: ['subaccounts.transfer', 'subaccounts.runSweep'],
  }),

  // the wallet's other work
  convert: post('convert/auto-confirm', {
    desk: treasurer('convert funds'),
    capability: 'convert',
    reachedBy: ['wallet.convert'],
  }),
  convertHistory: post('convert/history', { reachedBy: ['vault.sync'] }),
  flexClose: post('main-account/smart-flex/investments/close', {
    group: 'account',
    desk: treasurer('close a flex investment'),
    capability: 'flex',
    reachedBy: ['wallet.closeFlex'],
  }),
  flexInvestments: post('main-account/smart-flex/investments'),
  depositAddress: post('main-account/address', { reachedBy: ['wallet.depositAddress'] }),
  newDepositAddress: post('main-account/create-new-address', {
    desk: treasurer('make a new deposit address'),
    reachedBy: ['wallet.newDepositAddress'],
  }),
  mainTransfer: post('main-account/transfer', { desk: treasurer('move funds between balances') }),
  vasps: post('travel-rule/vasps', {
    group: 'account',
    capability: 'travel-rule',
    reachedBy: ['wallet.vasps'],
  }),
  depositVerification: post('travel-rule/deposit/verification', {
    desk: treasurer('verify a deposit'),
    capability: 'travel-rule',
    reachedBy: ['wallet.verifyDeposit'],
  }),

  // mining (capability: mining, read only)
  miningAccounts: post('mining/accounts', {
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.accounts'],
  }),
  miningRewards: post('mining/rewards', {
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.rewards'],
  }),
  minersInfo: post('mining/miners/info', {
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.info'],
  }),
  watcherLinks: post('mining/watcher-links/list', {
    group: 'account',
    capability: 'mining',
    reachedBy: ['mining.watcherLinks'],
  }),

  // sub-accounts and their keys (an admin's, outside the capability table)
  subAccountList: post('sub-account/list', {
    reachedBy: ['subaccounts.findUnregistered', 'subaccounts.list'],
  }),
  subAccountCreate: post('sub-account/create', {
    desk: admin('create a sub-account'),
    reachedBy: ['subaccounts.create', 'subaccounts.runBatch'],
  }),
  subAccountEdit: post('sub-account/edit', {
    desk: admin('edit a sub-account'),
    reachedBy: ['subaccounts.edit'],
  }),
  subAccountDelete: post('sub-account/delete', {
    desk: admin('delete a sub-account'),
    reachedBy: ['subaccounts.delete'],
  }),
  subAccountBlock: post('sub-account/block', {
    desk: admin('block a sub-account'),
    reachedBy: ['subaccounts.setBlocked'],
  }),
  subAccountUnblock: post('sub-account/unblock', {
    desk: admin('unblock a sub-account'),
    reachedBy: ['subaccounts.setBlocked'],
  }),
  subAccountBalances: post('sub-account/balances', { group: 'account', reachedBy: ['subaccounts.balances'] }),
  subAccountTransferHistory: post('sub-account/transfer/history'),
  unconfirmedWithdrawals: post('sub-account/withdraw/unconfirmed-list', {
    reachedBy: ['subaccounts.approvals'],
  }),
  keyCreate: post('sub-account/api-key/create', {
    desk: admin('create an API key'),
    fourEyes: 'key_create',
    reachedBy: ['subaccounts.createKey', 'subaccounts.runBatch'],
  }),
  keyList: post('sub-account/api-key/list', { reachedBy: ['subaccounts.keys'] }),
  keyDelete: post('sub-account/api-key/delete', {
    desk: admin('delete an API key'),
    reachedBy: ['subaccounts.deleteKey'],
  }),
  keyEdit: post('sub-account/api-key/edit', {
    group: 'account',
    desk: admin("change a key's permissions"),
    fourEyes: 'key_edit',
    reachedBy: ['subaccounts.applyPermissions'],
  }),
  keyReset: post('sub-account/api-key/reset', {
    group: 'account',
    desk: admin('reset an API key'),
    fourEyes: 'key_reset',
    reachedBy: ['subaccounts.resetKey'],
  }),
  keyIpList: post('sub-account/api-key/ip-address/list', { reachedBy: ['subaccounts.keyIps'] }),
  keyIpCreate: post('sub-account/api-key/ip-address/create', {
    desk: admin("change a key's IP allow-list"),
    reachedBy: ['subaccounts.setKeyIps'],
  }),
  keyIpDelete: post('sub-account/api-key/ip-address/delete', {
    desk: admin("change a key's IP allow-list"),
    reachedBy: ['subaccounts.setKeyIps'],
  }),
} as const satisfies Record<string, RestEndpoint>;
