import { afterEach, describe, expect, it } from 'vitest';
import { classifyResponse, parseRetryAfter } from '../../../main/exchange/classify-response.ts';
import type { ExchangeError } from '../../../main/exchange/errors.ts';
import {
  AuthError,
  BusinessError,
  NetworkError,
  NonceError,
  RateLimitError,
  RegionBlockedError,
  TimeoutError,
  ValidationError,
  networkError,
  timeoutError,
} from '../../../main/exchange/errors.ts';
import { readable } from '../../../main/readable-errors.ts';
import { forgetSecret, registerSecret } from '../../../main/log.ts';

const NONCE_BODY = '{"code":0,"message":"Too many requests.","errors":{}}';

function classify(status: number, body: unknown): ExchangeError {
  const error = classifyResponse(status, body);
  if (!error) throw new Error('expected an error');
  return error;
}

describe('classifyResponse', () => {
  it('returns null for a success', () => {
    expect(classifyResponse(200, '{"orderId":1}')).toBeNull();
  });

  it('tells a nonce rejection 429 from a real rate limit by the body alone', () => {
    const nonce = classify(429, NONCE_BODY);
    expect(nonce).toBeInstanceOf(NonceError);
    expect(nonce.code).toBe('nonce_rejected');
    expect(classify(429, JSON.parse(NONCE_BODY))).toBeInstanceOf(NonceError);

    for (const body of [
      '',
      'Too Many Requests',
      '{"message":"Too Many Attempts."}',
      '{"code":0,"message":"Too many requests."}',
      '{"code":0,"message":"Too many requests.","errors":{"x":["y"]}}',
      '{"code":0,"message":"Too many requests.","errors":{},"retry":1}',
    ]) {
      const error = classify(429, body);
      expect(error, body).toBeInstanceOf(RateLimitError);
      expect(error.code).toBe('rate_limited');
    }
  });

  it('keeps Retry-After on a rate limit', () => {
    const error = classifyResponse(429, '', '3');
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3000);
  });

  it.each([
    [401, '{"message":"Nonce not provided."}', /without a nonce/],
    [422, '{"message":"Nonce not provided."}', /without a nonce/],
    [401, '{"message":"Your nonce is more than 5 seconds lesser than the current nonce"}', /clock .*held up/],
    [422, '{"message":"Your nonce is more than 5 seconds lesser than the current nonce"}', /clock .*held up/],
  ])('maps nonce failures on %i: %s', (status, body, sentence) => {
    const error = classify(status, body);
    expect(error).toBeInstanceOf(NonceError);
    expect(error.message).toMatch(sentence);
  });

  it.each([
    [401, '{"code":10,"message":"Unauthorized request."}', /signature/],
    [401, '{"message":"Invalid payload"}', /payload does not match/],
    [403, '{"message":"This action is unauthorized. Enable your key in API settings"}', /disabled/],
    [
      403,
      `{"message":"You don't have permission to use this endpoint."}`,
      /not allowed to use this function/,
    ],
    [403, 'forbidden', /refused this API key/],
    [401, '', /signature/],
  ])('maps auth failures %i %s', (status, body, sentence) => {
    const error = classify(status, body);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('auth_failed');
    expect(error.status).toBe(status);
    expect(error.message).toMatch(sentence);
  });

  it('maps HTTP 453 to a region block', () => {
    const error = classify(453, '{"code":0,"message":"Unavailable"}');
    expect(error).toBeInstanceOf(RegionBlockedError);
    expect(error.message).toMatch(/region/);
  });

  it('maps a disabled-in-region 422 (errors.error) to a region block', () => {
    const error = classify(
      422,
      '{"code":0,"message":"Validation failed","errors":{"error":["This endpoint is disabled for your region."]}}',
    );
    expect(error).toBeInstanceOf(RegionBlockedError);
    expect(error.message).toMatch(/disabled for your region/);
  });

  it('maps step mismatches (code 1) to a validation error naming the field and its step', () => {
    const error = classify(422, {
      code: 1,
      message: 'Validation failed',
      errors: { price: ['Price must be a multiple of tick size'] },
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe('price');
    expect(error.fields).toEqual({ price: ['Price must be a multiple of tick size'] });
    expect(error.message).toMatch(/price is not a multiple of the market's tick size/);
    const amount = classify(422, { code: 1, message: 'x', errors: { amount: ['bad'] } });
    expect(amount.message).toMatch(/amount is not a multiple of the market's step size/);
  });

  it('maps code 30 to a validation error with every field message', () => {
    const error = classify(422, {
      code: 30,
      message: 'Validation failed',
      errors: { amount: ['Amount is required.'], market: ['Market is not valid.'] },
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.code).toBe('validation_failed');
    expect(error.exchangeCode).toBe(30);
    expect(error.field).toBe('amount');
    expect(error.message).toBe(
      'The exchange rejected the request: amount: Amount is required.; market: Market is not valid.',
    );
    expect(error.toView()).toEqual({
      code: 'validation_failed',
      message: error.message,
      field: 'amount',
    });
  });

  it('maps code 30 with an empty errors object using its message', () => {
    const error = classify(422, { code: 30, message: 'Validation failed', errors: {} });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/Validation failed/);
  });

  it('maps leverage above the account maximum (code 30 on errors.leverage)', () => {
    const error = classify(422, {
      code: 30,
      message: 'Validation failed',
      errors: { leverage: ['Leverage is above the maximum.'] },
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.field).toBe('leverage');
  });

  it.each([
    [20, /not fully confirmed/, 'amount'],
    [36, /client order id/, undefined],
    [37, /immediate-or-cancel and post-only/, undefined],
    [40, /RPI order cannot be immediate-or-cancel/, undefined],
    [41, /retired/, undefined],
    [42, /not enabled for retail or RPI/, undefined],
    [43, /not enabled for retail or RPI/, undefined],
    [114, /hedge mode choose LONG or SHORT/, undefined],
    [116, /no position for it to reduce/, undefined],
  ])('maps business code %i to a sentence', (code, sentence, field) => {
    const error = classify(422, { code, message: 'raw engine text', errors: {} });
    expect(error).toBeInstanceOf(BusinessError);
    expect(error.code).toBe('exchange_rejected');
    expect(error.exchangeCode).toBe(code);
    expect(error.message).toMatch(sentence);
    expect(error.message).not.toMatch(/raw engine text/);
    expect(error.field).toBe(field);
  });

  it('keeps the field the exchange named for a business code', () => {
    const error = classify(422, { code: 36, message: 'x', errors: { clientOrderId: ['taken'] } });
    expect(error.field).toBe('clientOrderId');
  });

  it('maps the TradFi restriction, the missing executed order and the collateral list outage', () => {
    const tradFi = classify(422, { code: 0, message: 'api.tradeErrors.tradFi.restricted', errors: {} });
    expect(tradFi).toBeInstanceOf(BusinessError);
    expect(tradFi.message).toMatch(/TradFi futures are not enabled/);
    const history = classify(422, { code: 0, message: 'OrderHistory was not found.', errors: {} });
    expect(history.message).toMatch(/No executed order/);
    const margin = classify(400, { success: false, message: 'api.margin.unavailable', errors: [] });
    expect(margin.message).toMatch(/Collateral market data is unavailable/);
  });

  it('passes an unknown code through with its number', () => {
    const error = classify(400, { code: 999, message: 'Something odd', errors: {} });
    expect(error).toBeInstanceOf(BusinessError);
    expect(error.message).toBe('The exchange refused the request: Something odd (exchange code 999)');
  });

  it("reads the public endpoints' flat and wrapped validation bags as field messages", () => {
    for (const body of [
      { market: ['Market is not available.'] },
      { success: false, message: { market: ['Market is not available.'] }, result: null },
    ]) {
      const error = classify(422, body);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.field).toBe('market');
      expect(error.message).toBe('The exchange rejected the request: market: Market is not available.');
    }
    // funding history words most of its own as one string
    expect(classify(422, { startDate: 'The start date must be an integer.' }).field).toBe('startDate');
  });

  it('maps a message-only body (unknown key on reset)', () => {
    const error = classify(404, { message: 'Api key not found' });
    expect(error).toBeInstanceOf(BusinessError);
    expect(error.message).toMatch(/Api key not found/);
  });

  it('maps server errors and unreadable bodies to network errors', () => {
    expect(classify(502, '<html>Bad gateway</html>')).toBeInstanceOf(NetworkError);
    const unreadable = classify(418, 'not json');
    expect(unreadable).toBeInstanceOf(NetworkError);
    expect(unreadable.code).toBe('network_error');
  });

  it('every family is one a person reads as it is (readable), code and words unchanged', () => {
    const nonce = classify(429, NONCE_BODY);
    expect(readable(nonce)).toEqual(nonce.toView());
    const network = networkError(new Error('x'));
    expect(readable(network)).toEqual(network.toView());
  });
});

describe('secrets in errors', () => {
  const secret = 'sk-0123456789abcdef-SECRET';
  afterEach(() => forgetSecret(secret));

  it('blanks registered secrets from the message and from field messages', () => {
    registerSecret(secret);
    const error = classify(422, {
      code: 30,
      message: 'bad',
      errors: { apiKey: [`key ${secret} is wrong`] },
    });
    expect(error.message).not.toContain(secret);
    expect(JSON.stringify(error.fields)).not.toContain(secret);
    expect(error.message).toContain('[redacted]');
    const unknown = classify(400, { code: 999, message: `echo ${secret}` });
    expect(unknown.message).not.toContain(secret);
    const net = networkError(new Error(`connect to ${secret} failed`));
    expect(net.message).not.toContain(secret);
  });
});

describe('network and timeout errors', () => {
  it('says a failed connection in words, keeping the system code for the log only', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const error = networkError(cause);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(
      'Could not reach the exchange: nothing answered at its address. Check the network connection; nothing was confirmed.',
    );
    expect(error.message).not.toMatch(/ECONNREFUSED/);
    expect(error.systemCode).toBe('ECONNREFUSED');
  });

  it('says a timed-out request may still have been carried out', () => {
    const error = timeoutError(10_000, '/api/v4/order/new');
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/within 10 s/);
    expect(error.message).toMatch(/may still have been carried out/);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
  });
});
