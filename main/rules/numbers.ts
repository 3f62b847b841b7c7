import { ceilTo, commonMultiple, Dec, floorTo, isMultiple, parsePlain, show, unit } from './decimal.ts';
import { fieldLabel } from './labels.ts';
import type { RuleIssue } from './types.ts';

/** How a numeric field may be written: at most `places` decimals and, when `step` is set, its multiple. */
export interface Grid {
  readonly places: number;
  readonly step: Dec | undefined;
}

/** The spacing of valid values: the step, made coarser if needed to respect the decimal places. */
export function gridSpacing(grid: Grid): Dec {
  const precision = unit(grid.places);
  return grid.step ? commonMultiple(grid.step, precision) : precision;
}

function plural(n: number, word: string): string {
  return `${String(n)} ${word}${n === 1 ? '' : 's'}`;
}

function nearest(value: Dec, spacing: Dec): string[] {
  const lower = floorTo(value, spacing);
  const upper = lower.eq(value) ? lower : lower.add(spacing);
  const out = [lower, upper].filter((v) => v.gt(0)).map(show);
  return [...new Set(out)];
}

function withNearest(message: string, suggestions: string[]): RuleIssue['message'] {
  return suggestions.length ? `${message}; nearest: ${suggestions.join(' or ')}` : message;
}

/**
 * Longest decimal text accepted. Two such values multiply exactly within the 80 digits of `Dec`;
 * exchange values stay far below it (at most 1e17 with 18 decimals).
 */
export const MAX_DECIMAL_CHARS = 40;

/**
 * Parses a positive decimal field. Returns the value, or pushes an issue (not a plain decimal, or
 * not above zero) and returns undefined.
 */
export function readPositive(field: string, text: string, issues: RuleIssue[]): Dec | undefined {
  if (typeof text === 'string' && text.length > MAX_DECIMAL_CHARS) {
    issues.push({
      field,
      message: `${fieldLabel(field)} is too long: at most ${String(MAX_DECIMAL_CHARS)} characters`,
    });
    return undefined;
  }
  const value = parsePlain(text);
  if (!value) {
    issues.push({
      field,
      message: `${fieldLabel(field)} must be a plain decimal number such as 12.5 (digits and one point; no sign, exponent or spaces)`,
    });
    return undefined;
  }
  if (value.lte(0)) {
    issues.push({ field, message: `${fieldLabel(field)} must be greater than 0` });
    return undefined;
  }
  return value;
}

/** Checks decimal places and step together, suggesting the nearest values that satisfy both. */
export function checkGrid(field: string, value: Dec, grid: Grid, issues: RuleIssue[]): boolean {
  const tooPrecise = value.dp() > grid.places;
  const offStep = grid.step !== undefined && !isMultiple(value, grid.step);
  if (!tooPrecise && !offStep) return true;
  const suggestions = nearest(value, gridSpacing(grid));
  const places = `at most ${plural(grid.places, 'decimal place')}`;
  const rule =
    offStep && grid.step
      ? `${fieldLabel(field)} must be a multiple of ${show(grid.step)}${grid.step.dp() > grid.places ? ` with ${places}` : ''}`
      : `${fieldLabel(field)} allows ${places}`;
  issues.push({ field, message: withNearest(rule, suggestions), suggestions });
  return false;
}

/** value >= minimum, suggesting the smallest valid value at or above the minimum. */
export function checkMinimum(
  field: string,
  value: Dec,
  minimum: Dec,
  grid: Grid,
  issues: RuleIssue[],
  what = fieldLabel(field),
): void {
  if (value.gte(minimum)) return;
  const suggestion = show(ceilTo(minimum, gridSpacing(grid)));
  issues.push({
    field,
    message: `${what} must be at least ${show(minimum)}; nearest: ${suggestion}`,
    suggestions: [suggestion],
  });
}

/** value <= maximum (a maximum of 0 means none), suggesting the largest valid value below it. */
export function checkMaximum(
  field: string,
  value: Dec,
  maximum: Dec,
  grid: Grid,
  issues: RuleIssue[],
  what = fieldLabel(field),
): void {
  if (maximum.isZero() || value.lte(maximum)) return;
  const best = floorTo(maximum, gridSpacing(grid));
  const suggestions = best.gt(0) ? [show(best)] : [];
  issues.push({
    field,
    message: withNearest(`${what} must be at most ${show(maximum)}`, suggestions),
    suggestions,
  });
}

/**
 * amount x price within [minTotal, maxTotal]; the failure is reported on `amount` with the amount
 * that brings the total in range at this price (and respects minAmount).
 */
export function checkTotal(
  amount: Dec,
  price: Dec,
  limits: { minTotal: Dec; maxTotal: Dec; minAmount: Dec },
  grid: Grid,
  issues: RuleIssue[],
): void {
  const total = amount.mul(price);
  const spacing = gridSpacing(grid);
  if (total.lt(limits.minTotal)) {
    const needed = Dec.max(ceilTo(limits.minTotal.div(price), spacing), ceilTo(limits.minAmount, spacing));
    const suggestion = show(needed);
    issues.push({
      field: 'amount',
      message: `The total (amount × price) must be at least ${show(limits.minTotal)}, it is ${show(total)}; at this price amount must be at least ${suggestion}`,
      suggestions: [suggestion],
    });
  } else if (!limits.maxTotal.isZero() && total.gt(limits.maxTotal)) {
    const best = floorTo(limits.maxTotal.div(price), spacing);
    const suggestions = best.gt(0) && best.gte(limits.minAmount) ? [show(best)] : [];
    issues.push({
      field: 'amount',
      message: `The total (amount × price) must be at most ${show(limits.maxTotal)}, it is ${show(total)}; at this price amount must be at most ${show(best)}`,
      suggestions,
    });
  }
}
