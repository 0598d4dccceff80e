// Stablecoins (supplement section 22): the store and presenters of provider-account links, tokens and
// their mint and burn operations, and what every stablecoin route uses: Idempotency-Key on each POST
// (a replay answers the first result, a changed payload is refused), the link's and the token's
// lookup, the amount in whole cents, an operation's start and settlement. What the documents leave
// open (section 28) is this sandbox's choice, written in sandbox/README.md ("Stablecoins").
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, type SandboxContext } from '../context.js';
import { ApiError, badRequest, conflict, invalidInput, notFound } from '../http/errors.js';
import { externalAccounts } from '../external-accounts/state.js';
import { adjustBalance, internalAccounts } from '../internal-accounts/state.js';
import { KeyedOrder } from '../store/cursor-page.js';

/** The one value of the vendor enum `provider` this sandbox accepts: openapi.yaml, StablecoinProvider (`BRALE`). */
export const STABLECOIN_PROVIDER = 'BRALE';
/** Decimals of every token this sandbox's provider issues. */
export const TOKEN_DECIMALS = 6;
/** How long an externally funded operation waits for its funds (PENDING_FUNDING until expiresAt). */
export const FUNDING_TTL_MS = 24 * 60 * 60_000;

export type LinkStatus = 'ACTIVE' | 'INVALID' | 'REVOKED';
export type OpStatus = 'CREATED' | 'PENDING_FUNDING' | 'PENDING_PROVIDER' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';

export interface ProviderAccount {
  id: string;
  provider: string;
  providerAccountId: string;
  providerEnvironment: 'SANDBOX';
  status: LinkStatus;
  lastVerifiedAt: string;
  createdAt: string;
  updatedAt: string;
  /** The provider behind the link does not answer (this sandbox's trigger): mints and burns answer 503. */
  unavailable?: boolean;
  /** Write-only credentials: kept, never answered. */
  apiClientId: string;
  apiClientSecret: string;
}

export interface Stablecoin {
  id: string;
  name: string;
  symbol: string;
  baseCurrency: string;
  network: 'SPARK';
  decimals: number;
  issuanceStatus: string;
  svcOperationsStatus: string;
  networkTokenIdentifier: string;
  provider: string;
  stablecoinProviderAccountId: string;
  providerEnvironment: 'SANDBOX';
  providerTokenIdentifier: string;
  createdAt: string;
  updatedAt: string;
}

export interface Operation {
  id: string;
  stablecoinId: string;
  operationType: 'MINT' | 'BURN';
  status: OpStatus;
  amount: string;
  provider: string;
  providerEnvironment: 'SANDBOX';
  stablecoinProviderAccountId: string;
  source?: Record<string, unknown>;
  fundingInstructions?: Record<string, unknown>;
  destination?: Record<string, unknown>;
  estimatedDelivery?: Record<string, unknown>;
  expiresAt?: string;
  providerStatus?: string;
  failureReason?: string;
  description?: string;
  createdAt: string;
  updatedAt: string;
  /** A debit taken from an internal account at creation, given back if the operation does not complete. */
  debit?: { accountId: string; cents: number };
  /** A debit still to be taken as the operation completes (the alternate stablecoin-internal-debit-at-completion). */
  pendingDebit?: { accountId: string; cents: number };
}

export interface Remembered {
  route: string;
  payload: string;
  status: number;
  body: unknown;
  /** A refusal kept under its key (the alternate stablecoin-idempotency-keeps-refusals). */
  refusal?: ApiError;
}

export const state = (ctx: SandboxContext) =>
  areaState(ctx, 'stablecoins', () => ({
    links: new Map<string, ProviderAccount>(),
    /** Link ids in creation order (links are never removed). */
    linkOrder: [] as string[],
    /** The ACTIVE links' ids, kept as their status changes: registration counts them. */
    activeLinks: new Set<string>(),
    /** provider + providerAccountId -> the link (one link per provider account). */
    linkByAccount: new Map<string, ProviderAccount>(),
    coins: new Map<string, Stablecoin>(),
    coinOrder: [] as string[],
    /** link id + providerTokenIdentifier -> the token registered under that link. */
    coinByToken: new Map<string, Stablecoin>(),
    operations: new Map<string, Operation>(),
    /** Each token's operations in creation order, all and per operationType (key: `${stablecoinId} ${type}`). */
    opsByCoin: new KeyedOrder(),
    opsByCoinType: new KeyedOrder(),
    idempotency: new Map<string, Remembered>(),
  }));

/** A map key of several parts, none of which can run into the next. */
export const compound = (...parts: string[]) => JSON.stringify(parts);

export const digits = z.string().regex(/^\d+$/, 'a string of digits (the amount in the token\'s smallest unit)');
/** An identifier in a stablecoin body: at least one character; boundIdentifiers holds it to the sandbox's bound. */
export const id = z.string().min(1).max(1024);
/**
 * The bound of the identifiers in stablecoin bodies (apiClientId, the token identifiers, account ids):
 * 255 characters, a bound the documents do not state; the alternate `stablecoin-identifiers-1024` takes
 * up to 1024. Refused past it: 400 INVALID_INPUT naming each.
 */
export function boundIdentifiers(ctx: SandboxContext, body: unknown): void {
  const bound = ctx.choices.alternate('stablecoin-identifiers-1024') ? 1024 : 255;
  const errors: { field: string; message: string }[] = [];
  const walk = (v: unknown, path: string, key: string) => {
    if (typeof v === 'string') {
      if (IDENTIFIER_KEYS.has(key) && v.length > bound) errors.push({ field: path, message: `at most ${bound} characters` });
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, k);
    }
  };
  walk(body, '', '');
  if (errors.length) throw invalidInput(errors);
}
const IDENTIFIER_KEYS = new Set(['apiClientId', 'apiClientSecret', 'providerAccountId', 'providerTokenIdentifier', 'networkTokenIdentifier', 'stablecoinProviderAccountId', 'externalAccountId', 'accountId', 'sourceTokenIdentifier', 'cryptoNetwork']);

/** The same JSON with object keys in order: the payload a replay is compared on. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])])) : v;
  return JSON.stringify(sort(value ?? null));
}

/** The stablecoin records' lookups, checks and operations, bound to one sandbox (every stablecoin route uses them). */
export function stablecoinTools(ctx: SandboxContext) {
  const st = state(ctx);
  const { links, coins, operations, idempotency } = st;
  const now = () => isoNow(ctx.clock);

  /**
   * Supplement 22: "Every POST requires Idempotency-Key* (≤255; replay = prior result, changed payload
   * rejected)"; openapi.yaml gives each of these POSTs the header `required: true`, `maxLength: 255`.
   * Only answers that succeeded are kept: a refused request may be sent again as is (the alternate
   * keeps a 4xx refusal too). The fault stablecoin-idempotency-key-unbounded takes a key of any length.
   */
  async function idempotent(req: FastifyRequest, reply: FastifyReply, create: () => { status: number; body: unknown }) {
    const header = req.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : undefined;
    const missing = key === undefined || key.length === 0 || (key.length > 255 && !ctx.faults.has('stablecoin-idempotency-key-unbounded'));
    if (missing && !ctx.faults.has('stablecoin-idempotency-key-optional')) {
      throw badRequest('INVALID_INPUT', 'The Idempotency-Key header is required on this operation (1 to 255 characters)');
    }
    const route = `${req.method} ${req.url.split('?')[0]}`;
    const payload = canonical(req.body);
    // Faults stablecoin-registration-idempotency-ignored, stablecoin-burn-idempotency-ignored: one route forgets its keys.
    const forgets = (ctx.faults.has('stablecoin-registration-idempotency-ignored') && /\/stablecoins$/.test(route)) || (ctx.faults.has('stablecoin-burn-idempotency-ignored') && /\/burns$/.test(route));
    const prior = key && !forgets ? idempotency.get(key) : undefined;
    if (prior) {
      const same = prior.route === route && prior.payload === payload;
      if (!same && !ctx.faults.has('stablecoin-idempotency-changed-payload-accepted')) {
        throw conflict('CONFLICT', `Idempotency-Key ${key} was used with a different request; use a new key for a new request`);
      }
      if (same && prior.refusal) throw prior.refusal;
      if (same && !ctx.faults.has('stablecoin-idempotency-replay-acts-twice')) return reply.status(prior.status).send(prior.body);
    }
    let result: { status: number; body: unknown };
    try {
      result = create();
    } catch (e) {
      // The alternate keeps a refusal (4xx) under its key too: the same request answers it again.
      if (key && e instanceof ApiError && e.status < 500 && ctx.choices.alternate('stablecoin-idempotency-keeps-refusals')) idempotency.set(key, { route, payload, status: e.status, body: undefined, refusal: e });
      throw e;
    }
    if (key) idempotency.set(key, { route, payload, status: result.status, body: result.body });
    return reply.status(result.status).send(result.body);
  }

  function getLink(linkId: string): ProviderAccount {
    const link = links.get(linkId);
    if (!link) {
      throw notFound(ctx.faults.has('stablecoin-unknown-link-wrong-code') ? 'REFERENCE_NOT_FOUND' : 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', `Stablecoin provider account ${linkId} not found`);
    }
    return link;
  }

  /** Supplement 22: STABLECOIN_PROVIDER_ACCOUNT_INVALID / _REVOKED (400) when the resolved link is INVALID / REVOKED. */
  function usable(link: ProviderAccount): ProviderAccount {
    if (link.status === 'INVALID' && !ctx.faults.has('stablecoin-invalid-link-accepted')) {
      throw badRequest('STABLECOIN_PROVIDER_ACCOUNT_INVALID', `Stablecoin provider account ${link.id} is INVALID: its credentials no longer verify`);
    }
    if (link.status === 'REVOKED' && !ctx.faults.has('stablecoin-revoked-link-accepted')) {
      throw badRequest('STABLECOIN_PROVIDER_ACCOUNT_REVOKED', `Stablecoin provider account ${link.id} is REVOKED`);
    }
    return link;
  }

  /** Supplement 22: mints and burns answer 503 SERVICE_UNAVAILABLE (here: when the link's provider does not answer). */
  function reachable(link: ProviderAccount): void {
    if (link.unavailable && !ctx.faults.has('stablecoin-provider-outage-ignored')) {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', `The provider of ${link.id} is not answering; try again later`);
    }
  }

  function getCoin(stablecoinId: string): Stablecoin {
    const coin = coins.get(stablecoinId);
    if (!coin) throw notFound('REFERENCE_NOT_FOUND', `Stablecoin ${stablecoinId} not found`);
    return coin;
  }

  /** Supplement 22: "amount must equal whole fiat cents at the token's decimals". */
  function centsOf(coin: Stablecoin, amount: string): number {
    const units = BigInt(amount);
    const perCent = 10n ** BigInt(Math.max(coin.decimals - 2, 0));
    const whole = units % perCent === 0n || (ctx.faults.has('stablecoin-amount-cents-checked-coarsely') && units % 10n === 0n) || ctx.faults.has('stablecoin-amount-fractional-cents-accepted');
    if (units <= 0n || !whole) {
      throw invalidInput([{ field: 'amount', message: `amount must be a positive whole number of cents at ${coin.decimals} decimals (a multiple of ${perCent})` }]);
    }
    const cents = units / perCent;
    if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidInput([{ field: 'amount', message: 'amount is too large' }]);
    return Number(cents);
  }

  const presentOp = (op: Operation) => {
    const { debit: _debit, pendingDebit: _pending, ...shown } = expire(op);
    return ctx.faults.has('stablecoin-amount-not-digit-string') ? { ...shown, amount: Number(shown.amount) } : { ...shown };
  };

  /** An externally funded operation past expiresAt without its funds is EXPIRED. */
  function expire(op: Operation): Operation {
    if (op.status === 'PENDING_FUNDING' && op.expiresAt && ctx.clock.now() >= Date.parse(op.expiresAt)) settle(op, 'EXPIRED');
    return op;
  }

  function settle(op: Operation, status: OpStatus, failureReason?: string): void {
    op.status = status;
    op.updatedAt = now();
    op.providerStatus = status;
    if (failureReason) op.failureReason = failureReason;
    if ((status === 'FAILED' || status === 'EXPIRED') && op.debit) {
      // The funds taken from the internal account go back to it.
      const account = internalAccounts(ctx).get(op.debit.accountId);
      if (account) adjustBalance(ctx, account, op.debit.cents);
      op.debit = undefined;
    }
  }

  function externalFor(accountId: string, field: string, want: 'bank' | 'spark') {
    const account = externalAccounts(ctx).get(accountId);
    if (!account) throw notFound('REFERENCE_NOT_FOUND', `External account ${accountId} not found`);
    const type = String(account.accountInfo.accountType);
    const fits = want === 'spark' ? type === 'SPARK_WALLET' : account.currency === 'USD' && type === 'USD_ACCOUNT';
    if (!fits) {
      throw invalidInput([{ field, message: want === 'spark' ? 'a mint goes to a SPARK wallet external account' : 'a USD bank external account (USD_ACCOUNT)' }]);
    }
    if (account.status !== 'ACTIVE') throw invalidInput([{ field, message: `external account ${accountId} is ${account.status}, not ACTIVE` }]);
    return account;
  }

  /** Creates the operation: the answer is the operation as created; it then waits for funds or for the provider. */
  function start(op: Omit<Operation, 'status' | 'createdAt' | 'updatedAt' | 'provider' | 'providerEnvironment' | 'stablecoinProviderAccountId'>, coin: Stablecoin, waitsForFunds: boolean) {
    const at = now();
    const record: Operation = {
      ...op,
      status: 'CREATED',
      provider: coin.provider,
      providerEnvironment: 'SANDBOX',
      stablecoinProviderAccountId: coin.stablecoinProviderAccountId,
      createdAt: at,
      updatedAt: at,
    };
    if (waitsForFunds) record.expiresAt = new Date(ctx.clock.now() + FUNDING_TTL_MS).toISOString();
    const created = presentOp(record);
    record.status = waitsForFunds && !ctx.faults.has('stablecoin-op-skips-funding-wait') ? 'PENDING_FUNDING' : 'PENDING_PROVIDER';
    record.providerStatus = record.status;
    // The alternate answers the operation as it waits, past CREATED already.
    const answer = ctx.choices.alternate('stablecoin-op-answers-waiting') ? presentOp(record) : created;
    operations.set(record.id, record);
    st.opsByCoin.add(record.stablecoinId, record.id);
    st.opsByCoinType.add(compound(record.stablecoinId, record.operationType), record.id);
    return { status: 201, body: answer };
  }

  return { ctx, st, links, coins, operations, now, idempotent, getLink, usable, reachable, getCoin, centsOf, presentOp, expire, settle, externalFor, start };
}
