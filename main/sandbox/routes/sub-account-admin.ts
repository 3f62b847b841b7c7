/**
 * A sub-account's life at the exchange: create, edit, block, unblock, delete, and a KYC link for one
 * that does not share the main account's KYC. Main-account keys only.
 */
import type { Engine } from '../engine/engine.ts';
import { ApiError, validationError, type FieldErrors } from '../http/errors.ts';
import { optBool, optString, type Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { uuidFrom } from '../rng.ts';
import { SUB_COLORS, subById, subInfo, subRecord, subsOf } from '../sub-account-state.ts';
import type { Account, SandboxState } from '../state.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads one field, collecting its message under `errors` instead of throwing at the first one. */
function collect<T>(errors: FieldErrors, read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    const body = (error as { body?: { errors?: FieldErrors } }).body;
    if (!body?.errors) throw error;
    Object.assign(errors, body.errors);
    return undefined;
  }
}

function requiredText(errors: FieldErrors, body: Body, field: string): string | undefined {
  const value = collect(errors, () => optString(body, field, 255));
  if (value === undefined && !errors[field]) errors[field] = [`The ${field} field is required.`];
  else if (value !== undefined && value.trim() === '') errors[field] = [`The ${field} field is required.`];
  return value?.trim() || undefined;
}

/** `permissions: {spotEnabled, collateralEnabled}`, both required booleans. */
function permissionsOf(errors: FieldErrors, body: Body): { spot: boolean; collateral: boolean } | undefined {
  const p = body['permissions'];
  if (p === undefined || p === null) {
    errors['permissions'] = ['The permissions field is required.'];
    return undefined;
  }
  if (typeof p !== 'object' || Array.isArray(p)) {
    errors['permissions'] = ['The permissions must be an object.'];
    return undefined;
  }
  const flags = p as Record<string, unknown>;
  const out: Record<string, boolean> = {};
  for (const [field, words] of [
    ['spotEnabled', 'spot enabled'],
    ['collateralEnabled', 'collateral enabled'],
  ] as const) {
    const v = flags[field];
    if (typeof v === 'boolean') out[field] = v;
    else
      errors[`permissions.${field}`] = [
        v === undefined
          ? `The permissions.${words} field is required.`
          : `The permissions.${words} field must be true or false.`,
      ];
  }
  if (out['spotEnabled'] === undefined || out['collateralEnabled'] === undefined) return undefined;
  return { spot: out['spotEnabled'], collateral: out['collateralEnabled'] };
}

function aliasTaken(state: SandboxState, main: Account, alias: string, except?: Account): boolean {
  return subsOf(state, main).some((s) => s !== except && s.label === alias);
}

function newSub(state: SandboxState, main: Account, alias: string, email: string | undefined): Account {
  const n = state.accounts.size + 1;
  const account: Account = {
    id: `acc-${String(n)}`,
    label: alias,
    kind: 'sub',
    subAccountId: uuidFrom(state.rng.hex(16)),
    parentId: main.id,
    email: email ?? '',
    region: main.region,
    retail: true,
    rpi: false,
    tradFi: false,
    hedgeMode: false,
    leverage: 10,
    keyId: '',
    main: new Map(),
    pending: new Map(),
    spot: new Map(),
    collateral: new Map(),
  };
  state.accounts.set(account.id, account);
  return account;
}

/** A sub-account management route: main-account keys only; `status` 201 where the exchange answers it. */
export function mainOnlyRoute(path: string, handler: PrivateRoute['handler'], status?: number): PrivateRoute {
  return {
    method: 'POST',
    path,
    mainOnly: true,
    validation: 'fields',
    handler,
    ...(status ? { status } : {}),
  };
}

export function subAccountAdminRoutes(state: SandboxState, engine: Engine): PrivateRoute[] {
  const route = mainOnlyRoute;
  /** The sub-account of `id` for block and unblock, with the state it must be in. */
  const statusChange = (body: Body, main: Account, from: 'active' | 'blocked', already: string) => {
    const errors: FieldErrors = {};
    const id = requiredText(errors, body, 'id');
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const sub = subById(state, main, id ?? '');
    const info = subInfo(sub);
    if (info.status !== from) throw validationError({ account: [already] });
    return info;
  };
  return [
    route(
      '/api/v4/sub-account/create',
      ({ account, body }) => {
        const errors: FieldErrors = {};
        const alias = requiredText(errors, body, 'alias');
        const shareKyc = collect(errors, () => optBool(body, 'shareKyc')) ?? false;
        const email = collect(errors, () => optString(body, 'email', 255))?.trim() || undefined;
        if (email === undefined && !shareKyc && !errors['email'])
          errors['email'] = ['The email field is required.'];
        else if (email !== undefined && !EMAIL.test(email)) errors['email'] = ['Email is invalid.'];
        const permissions = permissionsOf(errors, body);
        if (alias && aliasTaken(state, account, alias)) errors['alias'] = ['Alias already exists.'];
        if (Object.keys(errors).length > 0 || !alias || !permissions) throw validationError(errors);
        const sub = newSub(state, account, alias, email);
        sub.sub = {
          status: 'active',
          spotEnabled: permissions.spot,
          collateralEnabled: permissions.collateral,
          shareKyc,
          userId: uuidFrom(state.rng.hex(16)),
          color: SUB_COLORS[subsOf(state, account).length % SUB_COLORS.length] ?? '#FF0000',
          ...(email ? { email } : {}),
        };
        return subRecord(sub);
      },
      201,
    ),
    route('/api/v4/sub-account/edit', ({ account, body }) => {
      const errors: FieldErrors = {};
      const id = requiredText(errors, body, 'id');
      const alias = requiredText(errors, body, 'alias');
      const permissions = permissionsOf(errors, body);
      if (Object.keys(errors).length > 0 || !alias || !permissions) throw validationError(errors);
      const sub = subById(state, account, id ?? '');
      if (aliasTaken(state, account, alias, sub)) throw validationError({ alias: ['Alias already exists.'] });
      const info = subInfo(sub);
      sub.label = alias;
      info.spotEnabled = permissions.spot;
      info.collateralEnabled = permissions.collateral;
      return {};
    }),
    route('/api/v4/sub-account/block', ({ account, body }) => {
      statusChange(body, account, 'active', 'Sub-account already blocked').status = 'blocked';
      return {};
    }),
    route('/api/v4/sub-account/unblock', ({ account, body }) => {
      statusChange(body, account, 'blocked', 'Sub-account already unblocked').status = 'active';
      return {};
    }),
    route('/api/v4/sub-account/delete', ({ account, body }) => {
      const errors: FieldErrors = {};
      const id = requiredText(errors, body, 'id');
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const sub = subById(state, account, id ?? '');
      // What the exchange does with what a deleted sub-account still holds is not documented: it
      // goes with it (the app refuses to delete one that holds funds or open orders).
      for (const o of engine.openOrders(sub.id)) engine.cancel(o);
      for (const key of [...state.keysById.values()].filter((k) => k.accountId === sub.id)) {
        state.keysById.delete(key.id);
        state.keysByPublic.delete(key.apiKey);
      }
      sub.keyId = '';
      subInfo(sub).status = 'deleted';
      return {};
    }),
    route('/api/v4/sub-account/kyc-url', ({ account, body }) => {
      const errors: FieldErrors = {};
      const id = requiredText(errors, body, 'id');
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const sub = subsOf(state, account).find((a) => a.subAccountId === id);
      if (!sub) throw validationError({ id: ['validation.exists'] });
      const info = subInfo(sub);
      if (info.status !== 'active')
        throw new ApiError(400, { code: 400, message: 'Sub-account is not active' });
      if (info.shareKyc) throw new ApiError(400, { code: 400, message: 'Sub-account has shared KYC' });
      // a link of its own each time, as the provider issues it, valid for an hour
      return { url: `https://kyc.sandbox.txc.local/verify/${state.rng.hex(16)}`, expiresIn: 3600 };
    }),
  ];
}
