/**
 * Every operation of the exchange's published files (`../shared/spec/published/openapi/`) is served
 * by the sandbox's route table, or stands in the one list of what only partners and institutions can
 * call (which stays out), with its reason. An operation neither served nor listed fails, and so does
 * a listed one that becomes served: the list only shrinks, and a newly published operation a desk
 * uses is served before this passes.
 */
import { describe, expect, it } from 'vitest';
import { servedRoutes } from '../../../main/sandbox/route-table.ts';
import { publishedOperations } from '../../support/contract/rest.ts';

/** Partner and institutional endpoints: the published description says who may call them. */
const PARTNER: Record<string, string> = {
  'GET /auth/login': 'OAuth 2.0 (oauth2.yaml): the page where a user lets a partner application in',
  'POST /oauth2/token':
    'OAuth 2.0 (oauth2.yaml): a partner application signs users in; a desk uses its own keys',
  'POST /oauth2/refresh_token': 'OAuth 2.0: renews a partner application’s user token',
  'POST /api/v4/accounts/transactions': 'OAuth 2.0: a partner reads a signed-in user’s transactions',
  'POST /api/v4/accounts/converts': 'OAuth 2.0: a partner reads a signed-in user’s converts',
  'POST /api/v4/accounts/orders': 'OAuth 2.0: a partner reads a signed-in user’s orders',
  'POST /api/v4/accounts/deals': 'OAuth 2.0: a partner reads a signed-in user’s deals',
  'POST /api/v4/accounts/balances/main': 'OAuth 2.0: a partner reads a signed-in user’s main balance',
  'POST /api/v4/accounts/balances/spot': 'OAuth 2.0: a partner reads a signed-in user’s spot balance',
  'GET /oauth2/api-key/info': 'OAuth 2.0: a partner checks the API key it holds for a user',
  'GET /oauth2/api-key/{externalId}/secret':
    'OAuth 2.0: a partner fetches the secret of a key it made for a user',
  'DELETE /oauth2/api-key/{externalId}': 'OAuth 2.0: a partner deletes a key it made for a user',
  'POST /api/v4/aml/checks/assets':
    'AML address checker (address-checker.yaml): "for B2B accounts", its own key permission',
  'POST /api/v4/aml/checks/create': 'AML address checker: address screening for B2B accounts',
  'POST /api/v4/aml/checks/result': 'AML address checker: a B2B screening result',
  'POST /api/v4/aml/checks/history': 'AML address checker: B2B screening history',
  'POST /api/v4/jwt':
    'a token for the Fiat Gateway service, the card token’s only caller: a payment partner’s flow',
  'POST /api/card-token': 'Fiat Gateway: tokenises a card number under the JWT; a payment partner’s flow',
  'POST /api/v4/main-account/express-withdraw/token':
    'Express Withdraw: a partner charges a WhiteBIT user’s balance to the partner’s own, confirmed by that user',
  'POST /api/v4/main-account/smart/plans':
    'smart (fixed-term) plans: "available only for B2B partner services", granted by the institutional services form',
  'POST /api/v4/main-account/smart/investment':
    'invests in a smart plan, which only B2B partner services have (see smart/plans)',
  'POST /api/v4/main-account/smart/investment/close':
    'closes a smart-plan investment (B2B partner services only, see smart/plans)',
  'POST /api/v4/main-account/smart/investments':
    'smart-plan investments (B2B partner services only, see smart/plans)',
  'POST /api/v4/main-account/smart/interest-payment-history':
    'smart-plan interest payments (B2B partner services only, see smart/plans)',
};

const served = servedRoutes();
const ops = publishedOperations();
const id = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
/** The sandbox serves the operation: a route of its method whose path (placeholders as one segment) it matches. */
const isServed = (op: (typeof ops)[number]) =>
  served.some((r) => r.method === op.method && op.matches(r.path.replace(/\{[A-Za-z]*\}/g, 'X')));

describe('every published endpoint: served by the sandbox, or a partner endpoint with its reason', () => {
  it('reads every operation of the published OpenAPI files', () => {
    const files = new Set(ops.map((op) => op.file));
    expect([...files].sort()).toEqual([
      'openapi/oauth2.yaml',
      'openapi/private/address-checker.yaml',
      'openapi/private/http-trade-v4.yaml',
      'openapi/private/main_api_v4.yaml',
      'openapi/public/http-v1.yaml',
      'openapi/public/http-v4.yaml',
    ]);
    expect(new Set(ops.map(id)).size).toBe(ops.length);
  });

  it.each(ops.map((op) => [id(op), op] as const))('%s', (name, op) => {
    if (isServed(op)) expect(name in PARTNER, `${name} is served: take it off the partner list`).toBe(false);
    else expect(name in PARTNER, `${name} is neither served nor a partner endpoint`).toBe(true);
  });

  it('lists only published operations', () => {
    const published = new Set(ops.map(id));
    const unknown = Object.keys(PARTNER).filter((k) => !published.has(k));
    expect(unknown).toEqual([]);
  });

  it('adds up: published = served + partner', () => {
    expect(ops.filter(isServed).length + Object.keys(PARTNER).length).toBe(ops.length);
  });
});
