/**
 * What one sender on the network may take of the webhook receiver: requests per second over all
 * senders, and a smaller budget per address, so one host cannot starve the others (the exchange
 * among them); open connections per address too. Addresses remembered are bounded.
 */

/** Requests per second as a token bucket: `perSecond` refill, a burst of twice as many. */
export function rateLimiter(perSecond: number, now: () => number): () => boolean {
  const burst = perSecond * 2;
  let tokens = burst;
  let last = now();
  return () => {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** How many addresses' budgets are remembered; the longest unused is forgotten first. */
const ADDRESSES_KEPT = 4_096;

/**
 * A request budget per sender address beside the global one. A request refused by its address's
 * budget takes nothing from the global one, so a flooding host spends only its own.
 */
export function senderLimiter(
  limits: { perSecond: number; perAddressPerSecond: number },
  now: () => number,
): (address: string) => boolean {
  const global = rateLimiter(limits.perSecond, now);
  const byAddress = new Map<string, () => boolean>();
  return (address) => {
    let own = byAddress.get(address);
    if (own) byAddress.delete(address);
    else own = rateLimiter(limits.perAddressPerSecond, now);
    byAddress.set(address, own);
    if (byAddress.size > ADDRESSES_KEPT) byAddress.delete(byAddress.keys().next().value ?? '');
    return own() && global();
  };
}

/** Open connections per address: `admit` answers false past `max`; `release` when one closes. */
export function connectionCounter(max: number): {
  admit(address: string): boolean;
  release(address: string): void;
} {
  const open = new Map<string, number>();
  return {
    admit(address) {
      const n = open.get(address) ?? 0;
      if (n >= max) return false;
      open.set(address, n + 1);
      return true;
    },
    release(address) {
      const n = (open.get(address) ?? 1) - 1;
      if (n > 0) open.set(address, n);
      else open.delete(address);
    },
  };
}
