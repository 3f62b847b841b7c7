/**
 * ccxt's whitebit client of one key, pointed at a sandbox's REST address; nothing else of it is
 * changed (its signing, parsing and rate-limit options are its own, `options` as ccxt takes them).
 */
import ccxt from 'ccxt';

export type Whitebit = InstanceType<typeof ccxt.whitebit>;
export interface Key {
  apiKey: string;
  apiSecret: string;
}

export function whitebitOn(rest: string, key: Key, options: Record<string, unknown> = {}): Whitebit {
  const exchange = new ccxt.whitebit({
    apiKey: key.apiKey,
    secret: key.apiSecret,
    enableRateLimit: false,
    options,
  });
  exchange.urls['api'] = {
    v1: { public: `${rest}/api/v1/public`, private: `${rest}/api/v1` },
    v2: { public: `${rest}/api/v2/public` },
    v4: { public: `${rest}/api/v4/public`, private: `${rest}/api/v4` },
  };
  return exchange;
}
