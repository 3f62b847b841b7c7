/**
 * Deposit addresses: `main-account/address` (the same ticker and network always answer the same
 * address, the newest one issued) and `main-account/create-new-address` (a new one, where the
 * exchange enabled it for the account). A sub-account reads its own with its key (a key of type 2).
 */
import { ApiError, NO_PERMISSION, fieldError, forbidden } from '../http/errors.ts';
import { innerError, MAIN_ACCOUNT } from './main-account.ts';
import { oneOf, optString, reqString, type Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { ADDRESS_TYPES, depositAddress, depositTag, type AddressType } from '../deposit-addresses.ts';
import type { Account, AssetDef, SandboxState } from '../state.ts';

interface DepositTerms {
  minAmount: string;
  maxAmount: string;
  fixedFee: string;
  flexFee: { maxFee: string; minFee: string; percent: string };
}

const NO_FLEX = { maxFee: '0', minFee: '0', percent: '0' };

/** What a deposit must be per `ticker|network` (`0` = no limit or no fee, as the exchange writes it). */
const TERMS: Readonly<Record<string, DepositTerms>> = {
  'USDT|ERC20': { minAmount: '5', maxAmount: '0', fixedFee: '0', flexFee: NO_FLEX },
  'USDT|TRC20': {
    minAmount: '1',
    maxAmount: '0',
    fixedFee: '0',
    flexFee: { maxFee: '5', minFee: '0.1', percent: '0.1' },
  },
  'BTC|BTC': { minAmount: '0.0001', maxAmount: '0', fixedFee: '0', flexFee: NO_FLEX },
  'ETH|ERC20': { minAmount: '0.005', maxAmount: '0', fixedFee: '0', flexFee: NO_FLEX },
  'LTC|LTC': { minAmount: '0.01', maxAmount: '0', fixedFee: '0.0001', flexFee: NO_FLEX },
  'XRP|XRP': { minAmount: '20', maxAmount: '1000000', fixedFee: '0', flexFee: NO_FLEX },
};

/**
 * The asset and network asked for, refused as the exchange refuses them: `address` answers a currency
 * without deposits 400 with code 1; `create-new-address` answers that and a fiat currency 422 with code 0.
 */
function target(
  state: SandboxState,
  body: Body,
  unknownNetwork: string,
  fresh: boolean,
): { asset: AssetDef; network: string } {
  const ticker = reqString(body, 'ticker');
  const asset = state.assets.get(ticker);
  if (!asset) throw fieldError('ticker', 'The selected ticker is invalid.');
  if (asset.fiat)
    throw fresh
      ? innerError(0, 'ticker', 'Fiat currencies are unavailable for this action')
      : fieldError('ticker', 'Fiat deposits are available only on the website');
  if (!asset.canDeposit)
    throw fresh
      ? innerError(0, 'ticker', 'Currency is not depositable')
      : new ApiError(400, {
          code: 1,
          message: 'Inner validation failed',
          errors: { ticker: ['Currency is not depositable'] },
        });
  const network = optString(body, 'network') ?? asset.defaultNetwork;
  if (!asset.networks.includes(network)) throw fieldError('network', unknownNetwork);
  return { asset, network };
}

function answer(account: Account, asset: AssetDef, network: string, address: string) {
  const terms = TERMS[`${asset.ticker}|${network}`] ?? {
    minAmount: '0',
    maxAmount: '0',
    fixedFee: '0',
    flexFee: NO_FLEX,
  };
  return {
    account: { address, memo: asset.memo ? depositTag(account.id) : '' },
    required: {
      fixedFee: terms.fixedFee,
      flexFee: { ...terms.flexFee },
      maxAmount: terms.maxAmount,
      minAmount: terms.minAmount,
    },
  };
}

function issued(account: Account, key: string): string[] {
  account.depositAddresses ??= new Map();
  let list = account.depositAddresses.get(key);
  if (!list) account.depositAddresses.set(key, (list = []));
  return list;
}

export function depositAddressRoutes(state: SandboxState): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/main-account/address',
      fundsKey: true,
      validation: 'fields',
      handler: ({ account, body }) => {
        const { asset, network } = target(state, body, 'The selected network is invalid.', false);
        const list = issued(account, `${asset.ticker}|${network}`);
        const address = list.at(-1) ?? depositAddress(account.id, asset.ticker, network, 0) ?? '';
        return answer(account, asset, network, address);
      },
    },
    {
      method: 'POST',
      path: '/api/v4/main-account/create-new-address',
      fundsKey: true,
      ...MAIN_ACCOUNT,
      handler: ({ account, body }) => {
        if (!account.newAddresses) throw forbidden(NO_PERMISSION);
        const { asset, network } = target(state, body, 'Unsupported network', true);
        const type: AddressType = oneOf(body, 'type', ADDRESS_TYPES) ?? 'bech32';
        const list = issued(account, `${asset.ticker}|${network}`);
        const address = depositAddress(account.id, asset.ticker, network, list.length + 1, type) ?? '';
        list.push(address);
        return answer(account, asset, network, address);
      },
    },
  ];
}
