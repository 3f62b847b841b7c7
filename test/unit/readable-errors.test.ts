import { describe, expect, it } from 'vitest';
import { CacheInternalError, CacheQueryError } from '../../main/cache/errors.ts';
import { CodedError, UserFacingError } from '../../main/errors.ts';
import { RateLimitError } from '../../main/exchange/errors.ts';
import { itemFailure, readable } from '../../main/readable-errors.ts';
import { RuleViolation } from '../../main/services/trading/order-errors.ts';

describe('which errors a person reads as they are', () => {
  it('keeps the code, the words, the field and the suggestions of the services, exchange and cache errors', () => {
    expect(readable(new UserFacingError('not_found', 'That account is gone.', 'accountId'))).toEqual({
      code: 'not_found',
      message: 'That account is gone.',
      field: 'accountId',
    });
    const limited = new RateLimitError('The exchange said too many requests; try again in a moment.');
    expect(readable(limited)).toEqual({ code: limited.code, message: limited.message });
    expect(readable(new CacheQueryError('The local cache could not be read.'))?.code).toBe(
      'cache_query_failed',
    );
    const rule = new RuleViolation([
      { field: 'amount', message: 'The amount is above what the balance covers.', suggestions: ['1.5'] },
    ]);
    expect(readable(rule)).toMatchObject({ code: 'rule_violation', field: 'amount', suggestions: ['1.5'] });
  });

  it('shows no other error: a fault, a library error or a coded error of no listed family', () => {
    for (const error of [
      new TypeError('x is undefined'),
      new CacheInternalError('broken invariant'),
      new CodedError('secret_code', 'words nobody chose to show'),
      'a string',
      undefined,
    ])
      expect(readable(error)).toBeUndefined();
  });

  it("names a batch item's failure in its own words when the error is not one a person reads", () => {
    expect(itemFailure(new TypeError('x is undefined'), 'The transfer failed.')).toEqual({
      code: 'internal',
      message: 'The transfer failed.',
    });
    const refused = new UserFacingError('insufficient_funds', 'The balance does not cover 5 USDT.');
    expect(itemFailure(refused, 'The transfer failed.')).toEqual(refused.toView());
  });
});
