/**
 * The one list of published operations that only partners and institutions can call: the sandbox
 * does not serve them and the app does not reach them. Each stands with its reason, from the
 * published description. Every other published operation is served (sandbox-served.test.ts) and
 * reached (published-reached.test.ts).
 */
export const PARTNER: Record<string, string> = {
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
