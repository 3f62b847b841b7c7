import type { RuleIssue } from './types.ts';

/** Leverage levels the collateral account accepts. */
export const LEVERAGE_LEVELS = [1, 2, 3, 5, 10, 20, 50, 100] as const;

/**
 * A leverage change: one of LEVERAGE_LEVELS and at most the market's `max_leverage` when known.
 * Suggests the nearest allowed levels.
 */
export function checkLeverage(leverage: number, maxLeverage?: number): RuleIssue[] {
  const allowed = LEVERAGE_LEVELS.filter((level) => maxLeverage === undefined || level <= maxLeverage);
  if (allowed.length === 0)
    return [
      {
        field: 'leverage',
        message: `This market allows no leverage level (its maximum is ${String(maxLeverage)})`,
      },
    ];
  if (maxLeverage !== undefined && leverage > maxLeverage) {
    const best = String(allowed[allowed.length - 1]);
    return [
      {
        field: 'leverage',
        message: `Leverage must be at most ${String(maxLeverage)} on this market; nearest: ${best}`,
        suggestions: [best],
      },
    ];
  }
  if ((allowed as readonly number[]).includes(leverage)) return [];
  const below = allowed.filter((level) => level < leverage).at(-1);
  const above = allowed.find((level) => level > leverage);
  const suggestions = [below, above].filter((v) => v !== undefined).map(String);
  const list = allowed.join(', ');
  return [
    {
      field: 'leverage',
      message: `Leverage must be one of ${list}${suggestions.length ? `; nearest: ${suggestions.join(' or ')}` : ''}`,
      suggestions,
    },
  ];
}
