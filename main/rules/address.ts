/**
 * Can this address exist on this network? Checked in main before a withdrawal is signed and while the
 * person types it (through a procedure), with a maintained multi-chain validator: checksums
 * (base58check, bech32/bech32m, EIP-55 mixed case), lengths and version bytes per chain.
 */
import WAValidator from 'multicoin-address-validator';
import type { RuleIssue } from './types.ts';

interface NetworkFormat {
  /** The validator's currency symbol whose address format the network uses. */
  readonly chain: string;
  /** What people call the address format, for messages. */
  readonly words: string;
  /** The network needs a destination tag (memo) beside the address, and what it must look like. */
  readonly memo?: { readonly name: string; readonly check: (memo: string) => string | undefined };
}

const MAX_TAG = 4294967295n;

function destinationTag(memo: string): string | undefined {
  if (!/^\d{1,10}$/.test(memo) || BigInt(memo) > MAX_TAG)
    return 'The destination tag must be a whole number from 0 to 4294967295.';
  return undefined;
}

const EVM: NetworkFormat = { chain: 'eth', words: 'an Ethereum address (0x and 40 hex digits)' };

/** The exchange's network names and the address format each uses. */
const NETWORKS: Readonly<Record<string, NetworkFormat>> = {
  ERC20: EVM,
  ETH: EVM,
  BEP20: EVM,
  BSC: EVM,
  POLYGON: EVM,
  ARBITRUM: EVM,
  OPTIMISM: EVM,
  TRC20: { chain: 'trx', words: 'a Tron address (starts with T)' },
  TRX: { chain: 'trx', words: 'a Tron address (starts with T)' },
  BTC: { chain: 'btc', words: 'a Bitcoin address (1…, 3… or bc1…)' },
  LTC: { chain: 'ltc', words: 'a Litecoin address (L…, M…, 3… or ltc1…)' },
  DOGE: { chain: 'doge', words: 'a Dogecoin address' },
  XRP: {
    chain: 'xrp',
    words: 'an XRP Ledger address (starts with r)',
    memo: { name: 'destination tag', check: destinationTag },
  },
};

/** What the withdrawal form needs to know about a network: its address format and whether it needs a memo. */
export interface NetworkNeeds {
  readonly known: boolean;
  readonly memo: string | null;
}

export function networkNeeds(network: string, memoRequired = false): NetworkNeeds {
  const format = NETWORKS[network.toUpperCase()];
  return { known: format !== undefined, memo: format?.memo?.name ?? (memoRequired ? 'memo' : null) };
}

/** The address as it is compared and stored: EVM hex addresses are case-free once their checksum held. */
export function canonicalAddress(network: string, address: string): string {
  return NETWORKS[network.toUpperCase()]?.chain === 'eth' ? address.trim().toLowerCase() : address.trim();
}

/**
 * The first problem of an address (and its memo) on a network, naming the field; undefined when it
 * can exist there. A network this app has no format for is refused: nothing is sent unchecked.
 */
export function checkAddress(
  network: string,
  address: string,
  memo?: string,
  memoRequired = false,
): RuleIssue | undefined {
  const format = NETWORKS[network.toUpperCase()];
  if (!format)
    return {
      field: 'network',
      message: `Addresses on the ${network} network cannot be checked by this app, so it sends nothing there.`,
    };
  const text = address.trim();
  if (!text) return { field: 'address', message: 'Enter the address to send to.' };
  if (!WAValidator.validate(text, format.chain, { networkType: 'prod' }))
    return {
      field: 'address',
      message: `The address "${clip(address)}" cannot exist on ${network}: it must be ${format.words} with a valid checksum.`,
    };
  const given = memo?.trim() ?? '';
  if (format.memo) {
    if (!given)
      return {
        field: 'memo',
        message: `${network} needs a ${format.memo.name} with the address; the receiving wallet tells it.`,
      };
    const problem = format.memo.check(given);
    if (problem) return { field: 'memo', message: problem };
  } else if (memoRequired) {
    if (!given)
      return {
        field: 'memo',
        message: `${network} needs a memo with the address; the receiving wallet tells it.`,
      };
  } else if (given) {
    return { field: 'memo', message: `${network} takes no memo or tag: leave it empty.` };
  }
  return undefined;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
