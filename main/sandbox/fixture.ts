/** The seeded starting world: one main account, four sub-accounts, markets, assets and regions. */
import { Decimal } from 'decimal.js';
import { toLedger } from './ledger.ts';
import { createRng, uuidFrom } from './rng.ts';
import { createWallet } from './wallet-state.ts';
import type { Account, ApiKey, AssetDef, MarketDef, Region, SandboxState, SpotBalance } from './state.ts';

export const MARKETS: readonly MarketDef[] = [
  market('BTC_USDT', 6, 2, '0.0001', '5', '0', '0.1', '0.0001', '64250.5'),
  market('ETH_USDT', 4, 2, '0.001', '5', '1000000', '0.01', '0.001', '3150.25'),
  // The trade engine provides no steps for this market: empty tickSize and stepSize. Its delisting
  // is announced (still tradeable until then).
  { ...market('LTC_USDT', 4, 3, '0.01', '1', '0', '', '', '82.125'), delistedAt: 1_830_297_600 },
  {
    ...market('BTC_PERP', 4, 2, '0.0001', '5', '0', '0.1', '0.0001', '64260.0'),
    money: 'USDT',
    type: 'futures',
    maxLeverage: 100,
    fundingRate: '0.0001',
    fundingCap: '0.003',
    fundingFloor: '-0.003',
  },
  {
    ...market('ETH_PERP', 3, 2, '0.001', '5', '0', '0.01', '0.001', '3151.10'),
    money: 'USDT',
    type: 'futures',
    maxLeverage: 50,
    fundingRate: '-0.00005',
    fundingCap: '0.003',
    fundingFloor: '-0.003',
  },
  {
    ...market('XAU_PERP', 3, 2, '0.01', '10', '0', '0.01', '0.01', '2410.55'),
    money: 'USDT',
    type: 'futures',
    isTradFiFutures: true,
    maxLeverage: 20,
    fundingRate: '0.00002',
    fundingCap: '0.001',
    fundingFloor: '-0.001',
  },
];

function market(
  name: string,
  stockPrec: number,
  moneyPrec: number,
  minAmount: string,
  minTotal: string,
  maxTotal: string,
  tickSize: string,
  stepSize: string,
  basePrice: string,
): MarketDef {
  const [stock = '', money = ''] = name.split('_');
  return {
    name,
    stock,
    money,
    stockPrec,
    moneyPrec,
    minAmount,
    minTotal,
    maxTotal,
    tickSize,
    stepSize,
    type: 'spot',
    isTradFiFutures: false,
    isCollateral: name !== 'LTC_USDT',
    maxLeverage: 10,
    makerFee: '0.001',
    takerFee: '0.001',
    basePrice,
    fundingRate: '0',
  };
}

export const ASSETS: readonly AssetDef[] = [
  asset('USDT', 'Tether', 6, '10', '1000000', '1', ['ERC20', 'TRC20'], 'ERC20', '1'),
  asset('BTC', 'Bitcoin', 8, '0.001', '100', '0.0004', ['BTC'], 'BTC', '64250.5'),
  asset('ETH', 'Ethereum', 8, '0.01', '1000', '0.003', ['ERC20'], 'ERC20', '3150.25'),
  asset('LTC', 'Litecoin', 8, '0.1', '10000', '0.001', ['LTC'], 'LTC', '82.125'),
  { ...asset('XRP', 'XRP', 6, '20', '1000000', '0.25', ['XRP'], 'XRP', '0.52'), memo: true },
  { ...asset('XAU', 'Gold', 4, '1', '1000', '0', [], '', '2410.55'), canDeposit: false, canWithdraw: false },
  { ...asset('UAH', 'Hryvnia', 2, '100', '500000', '15', ['VISAMASTER'], 'VISAMASTER', '0.024'), fiat: true },
];

function asset(
  ticker: string,
  name: string,
  precision: number,
  minWithdraw: string,
  maxWithdraw: string,
  withdrawFee: string,
  networks: string[],
  defaultNetwork: string,
  usdtPrice: string,
): AssetDef {
  return {
    ticker,
    name,
    precision,
    canDeposit: true,
    canWithdraw: true,
    minWithdraw,
    maxWithdraw,
    withdrawFee,
    networks,
    defaultNetwork,
    fiat: false,
    usdtPrice,
  };
}

export const REGIONS: readonly Region[] = [
  { id: 'EU', blocked: new Set(), vaspEnabled: true, tradFiAssigned: true },
  // A restricted region: BBO orders and stop-market orders are unavailable, no VASP list, no TradFi.
  {
    id: 'XR',
    blocked: new Set(['bboRole', 'stop_market', 'asset:ETH']),
    vaspEnabled: false,
    tradFiAssigned: false,
  },
];

/** URL permissions of the restricted sub-account key. */
export const RESTRICTED_URLS: ReadonlyArray<[string, boolean]> = [
  ['/api/v4/order/new', false],
  ['/api/v4/order/bulk', false],
  ['/api/v4/main-account/withdraw-pay', false],
];

interface AccountSpec {
  label: string;
  kind: 'main' | 'sub';
  region: string;
  retail: boolean;
  rpi: boolean;
  tradFi: boolean;
  main: Record<string, string>;
  pending?: Record<string, string>;
  spot: Record<string, string>;
  collateral: Record<string, string>;
  urls?: ReadonlyArray<[string, boolean]>;
  /** The exchange enabled `create-new-address` for it. */
  newAddresses?: boolean;
}

const ACCOUNT_SPECS: readonly AccountSpec[] = [
  {
    label: 'main',
    kind: 'main',
    region: 'EU',
    retail: true,
    rpi: true,
    tradFi: false,
    main: { USDT: '100000', BTC: '2', ETH: '20', LTC: '100', XRP: '5000', UAH: '50000' },
    pending: { USDT: '500' },
    spot: { USDT: '50000', BTC: '1', ETH: '10', LTC: '50' },
    collateral: { USDT: '20000' },
    newAddresses: true,
  },
  {
    label: 'sub-alpha',
    kind: 'sub',
    region: 'EU',
    retail: true,
    rpi: true,
    tradFi: true,
    main: { USDT: '10000', BTC: '0.5' },
    spot: { USDT: '20000', BTC: '0.5', ETH: '5', LTC: '20' },
    collateral: { USDT: '10000' },
  },
  {
    label: 'sub-restricted',
    kind: 'sub',
    region: 'EU',
    retail: true,
    rpi: true,
    tradFi: false,
    main: { USDT: '1000' },
    spot: { USDT: '5000', BTC: '0.1' },
    collateral: {},
    urls: RESTRICTED_URLS,
  },
  {
    label: 'sub-noretail',
    kind: 'sub',
    region: 'XR',
    retail: false,
    rpi: false,
    tradFi: false,
    main: { USDT: '2000' },
    spot: { USDT: '5000', BTC: '0.2', ETH: '2' },
    collateral: { USDT: '1000' },
  },
  {
    label: 'sub-maker',
    kind: 'sub',
    region: 'EU',
    retail: true,
    rpi: true,
    tradFi: true,
    main: {},
    spot: { USDT: '1000000', BTC: '50', ETH: '500', LTC: '5000' },
    collateral: { USDT: '100000' },
  },
];

function decimals(rec: Record<string, string>): Map<string, Decimal> {
  return new Map(Object.entries(rec).map(([k, v]) => [k, new Decimal(v)]));
}

function spotBalances(rec: Record<string, string>): Map<string, SpotBalance> {
  return new Map(Object.entries(rec).map(([k, v]) => [k, { available: toLedger(v), freeze: 0n }]));
}

export { uuidFrom } from './rng.ts';

export function createState(
  seed: number,
  now: () => number,
  extraSubAccounts = 0,
  /** Extra sub-accounts are funded for trading too (1,000 USDT collateral each). */
  deskActivity = false,
): SandboxState {
  const rng = createRng(seed);
  const state: SandboxState = {
    rng,
    now,
    accounts: new Map(),
    keysByPublic: new Map(),
    keysById: new Map(),
    markets: new Map(MARKETS.map((m) => [m.name, { ...m }])),
    assets: new Map(ASSETS.map((a) => [a.ticker, { ...a }])),
    regions: new Map(REGIONS.map((r) => [r.id, r])),
    lastPrices: new Map(MARKETS.map((m) => [m.name, m.basePrice])),
    markPrices: new Map(),
    marginUnavailable: false,
    platformMaintenance: false,
    keyResetAnswer: 'key',
    maintenance: new Set(),
    killSwitches: new Map(),
    emit: () => {},
    wallet: {
      records: [],
      uniqueIds: new Set(),
      refunds: [],
      converts: new Map(),
      flex: [],
      mining: [],
      codes: [],
    },
  };
  let mainId = '';
  ACCOUNT_SPECS.forEach((spec, i) => {
    const account = addAccount(state, spec, i + 1, mainId);
    if (spec.kind === 'main') mainId = account.id;
  });
  state.wallet = createWallet(rng, mainId, now(), uuidFrom);
  // extra plain sub-accounts (desk fan-out), made after everything else so seeds keep their fixture
  for (let i = 1; i <= extraSubAccounts; i++) {
    addAccount(
      state,
      { ...EXTRA_SUB, label: `sub-${String(i).padStart(3, '0')}`, ...(deskActivity ? DESK_FUNDS : {}) },
      ACCOUNT_SPECS.length + i,
      mainId,
    );
  }
  return state;
}

const EXTRA_SUB: AccountSpec = {
  label: '',
  kind: 'sub',
  region: 'EU',
  retail: true,
  rpi: false,
  tradFi: false,
  main: { USDT: '100' },
  spot: { USDT: '100', BTC: '0.01' },
  collateral: {},
};

const DESK_FUNDS: Partial<AccountSpec> = { collateral: { USDT: '1000' } };

function addAccount(state: SandboxState, spec: AccountSpec, n: number, mainId: string): Account {
  const { rng } = state;
  const id = `acc-${n}`;
  const key: ApiKey = {
    id: `key-${n}`,
    apiKey: rng.hex(16),
    apiSecret: rng.hex(16),
    accountId: id,
    title: spec.label,
    enabled: true,
    urls: new Map(spec.urls ?? []),
    lastNonce: 0,
    windowNonces: new Map(),
  };
  const account: Account = {
    id,
    label: spec.label,
    kind: spec.kind,
    email: `${spec.label}@sandbox.txc.local`,
    region: spec.region,
    retail: spec.retail,
    rpi: spec.rpi,
    tradFi: spec.tradFi,
    hedgeMode: false,
    leverage: 10,
    keyId: key.id,
    main: decimals(spec.main),
    pending: decimals(spec.pending ?? {}),
    spot: spotBalances(spec.spot),
    collateral: decimals(spec.collateral),
  };
  if (spec.newAddresses) account.newAddresses = true;
  if (spec.kind === 'sub') {
    account.subAccountId = uuidFrom(rng.hex(16));
    account.parentId = mainId;
  }
  state.accounts.set(id, account);
  state.keysByPublic.set(key.apiKey, key);
  state.keysById.set(key.id, key);
  return account;
}
