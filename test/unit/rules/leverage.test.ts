import { describe, expect, it } from 'vitest';
import { checkLeverage, LEVERAGE_LEVELS } from '../../../main/rules/index.ts';

describe('checkLeverage', () => {
  it.each([...LEVERAGE_LEVELS])('accepts %i with no market maximum', (level) => {
    expect(checkLeverage(level)).toEqual([]);
  });

  it.each<[number, string[]]>([
    [4, ['3', '5']],
    [0, ['1']],
    [150, ['100']],
    [25, ['20', '50']],
    [2.5, ['2', '3']],
  ])('refuses %s with the nearest levels', (leverage, suggestions) => {
    const [issue] = checkLeverage(leverage);
    expect(issue?.field).toBe('leverage');
    expect(issue?.suggestions).toEqual(suggestions);
    expect(issue?.message).toBe(
      `Leverage must be one of 1, 2, 3, 5, 10, 20, 50, 100; nearest: ${suggestions.join(' or ')}`,
    );
  });

  it('refuses a level above the market max_leverage and names it', () => {
    expect(checkLeverage(50, 25)).toEqual([
      {
        field: 'leverage',
        message: 'Leverage must be at most 25 on this market; nearest: 20',
        suggestions: ['20'],
      },
    ]);
    expect(checkLeverage(20, 25)).toEqual([]);
    expect(checkLeverage(20, 20)).toEqual([]);
  });

  it('lists only the levels under max_leverage', () => {
    expect(checkLeverage(4, 10)[0]?.message).toBe('Leverage must be one of 1, 2, 3, 5, 10; nearest: 3 or 5');
  });

  it('says so when a market allows no level', () => {
    expect(checkLeverage(1, 0)[0]?.message).toMatch(/allows no leverage level/);
  });
});
