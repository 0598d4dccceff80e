// Stablecoins (supplement section 22; interface: functional area Stablecoins, Errors / 400 and 404):
// provider-account links, token registration, mints and burns and their operations. Every POST of
// the interface requires Idempotency-Key (a replay answers the first result, a changed payload is
// refused). What the documents leave open (section 28) is this sandbox's choice, written in
// sandbox/README.md ("Stablecoins"): the provider value, the operation path per funding source, the
// triggers that stand in for funds arriving and the provider deciding.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { ApiError, badRequest, conflict, invalidInput, notFound } from '../errors.js';
import { externalAccounts } from '../external-accounts/accounts.js';
import { adjustBalance, assertCanMoveMoney, internalAccounts } from '../internal-accounts/store.js';
import { PageQuery } from '../pagination.js';
import { cursorPage, KeyedOrder } from '../store/cursor-page.js';

/** The one value of the vendor enum `provider` this sandbox accepts (the supplement does not reproduce it). */
export const STABLECOIN_PROVIDER = 'SANDBOX_ISSUER';
/** Decimals of every token this sandbox's provider issues. */
export const TOKEN_DECIMALS = 6;
/** How long an externally funded operation waits for its funds (PENDING_FUNDING until expiresAt). */
export const FUNDING_TTL_MS = 24 * 60 * 60_000;

type LinkStatus = 'ACTIVE' | 'INVALID' | 'REVOKED';
type OpStatus = 'CREATED' | 'PENDING_FUNDING' | 'PENDING_PROVIDER' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';

interface ProviderAccount {
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

interface Stablecoin {
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

interface Operation {
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
}

interface Remembered {
  route: string;
  payload: string;
  status: number;
  body: unknown;
}

const state = (ctx: SandboxContext) =>
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
const compound = (...parts: string[]) => JSON.stringify(parts);

const digits = z.string().regex(/^\d+$/, 'a string of digits (the amount in the token\'s smallest unit)');
const id = z.string().min(1).max(255);

const CreateLink = z.object({
  provider: z.literal(STABLECOIN_PROVIDER, { message: `the provider this sandbox links: ${STABLECOIN_PROVIDER}` }),
  apiClientId: id,
  apiClientSecret: id,
  providerAccountId: id.optional(),
});

const RegisterToken = z.object({
  providerTokenIdentifier: id,
  networkTokenIdentifier: id,
  network: z.literal('SPARK'),
  stablecoinProviderAccountId: id.optional(),
});

const MintFunding = z.discriminatedUnion('type', [
  z.object({ type: z.literal('WIRE') }),
  z.object({ type: z.literal('ACH_DEBIT'), externalAccountId: id }),
  z.object({ type: z.literal('SAME_DAY_ACH_DEBIT'), externalAccountId: id }),
  z.object({ type: z.literal('SVC_INTERNAL_ACCOUNT'), accountId: id }),
  z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE'), sourceTokenIdentifier: id, cryptoNetwork: id }),
]);

const Mint = z.object({
  amount: digits,
  fundingSource: MintFunding,
  destination: z.object({ accountId: id }),
  description: z.string().max(1024).optional(),
});

const BurnSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EXTERNAL_ACCOUNT'), externalAccountId: id.optional() }),
  z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE'), sourceTokenIdentifier: id.optional(), cryptoNetwork: id.optional() }),
]);

const Burn = z.object({
  amount: digits,
  source: BurnSource,
  destination: z.object({
    type: z.literal('EXTERNAL_ACCOUNT'),
    externalAccountId: id,
    rail: z.enum(['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT']),
  }),
  description: z.string().max(1024).optional(),
});

/** Fault stablecoin-burn-internal-source-accepted: the reserved source the profile declares not offered is taken. */
const BurnFromInternal = Burn.extend({
  source: z.discriminatedUnion('type', [...BurnSource.options, z.object({ type: z.literal('SVC_INTERNAL_ACCOUNT'), accountId: id })]),
});

const DELIVERY_TIMING: Record<string, string> = { WIRE: 'SAME_DAY', ACH_CREDIT: 'NEXT_BUSINESS_DAY', SAME_DAY_ACH_CREDIT: 'SAME_DAY', RTP_CREDIT: 'INSTANT' };

/** The same JSON with object keys in order: the payload a replay is compared on. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])])) : v;
  return JSON.stringify(sort(value ?? null));
}

export async function stablecoinRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const st = state(ctx);
  const { links, coins, operations, idempotency } = st;
  const now = () => isoNow(ctx.clock);

  /**
   * Supplement 22: "Every POST requires Idempotency-Key* (≤255; replay = prior result, changed payload
   * rejected)". Only answers that succeeded are kept: a refused request may be sent again as is.
   */
  async function idempotent(req: FastifyRequest, reply: FastifyReply, create: () => { status: number; body: unknown }) {
    const header = req.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : undefined;
    const missing = key === undefined || key.length === 0 || key.length > 255;
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
      if (same && !ctx.faults.has('stablecoin-idempotency-replay-acts-twice')) return reply.status(prior.status).send(prior.body);
    }
    const result = create();
    if (key) idempotency.set(key, { route, payload, status: result.status, body: result.body });
    return reply.status(result.status).send(result.body);
  }

  // ---------------------------------------------------------------------------------------------
  // Provider accounts

  const presentLink = (l: ProviderAccount) => ({
    id: l.id,
    provider: l.provider,
    providerAccountId: l.providerAccountId,
    providerEnvironment: l.providerEnvironment,
    status: l.status,
    lastVerifiedAt: l.lastVerifiedAt,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    ...(ctx.faults.has('stablecoin-provider-secret-echoed') ? { apiClientSecret: l.apiClientSecret } : {}),
  });

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

  /** The link a registration uses: the one named, else the only ACTIVE one (several: SELECTION_REQUIRED). */
  function resolveLink(linkId: string | undefined): ProviderAccount {
    if (linkId !== undefined) return usable(getLink(linkId));
    const active = st.activeLinks;
    const several = active.size > 1 || (active.size === 1 && ctx.faults.has('stablecoin-selection-always-required'));
    if (several && !ctx.faults.has('stablecoin-selection-not-required')) {
      throw badRequest('STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', `${active.size} provider accounts are ACTIVE: pass stablecoinProviderAccountId`);
    }
    // The only ACTIVE link (under the fault, the first of several to become ACTIVE), else the only link.
    const first = active.values().next().value;
    const only = first !== undefined ? links.get(first) : links.size === 1 ? links.get(st.linkOrder[0]) : undefined;
    if (!only) throw notFound('STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', 'No usable stablecoin provider account is linked');
    return usable(only);
  }

  app.post('/stablecoin-provider-accounts', async (req, reply) =>
    idempotent(req, reply, () => {
      const body = parse(ctx.faults.has('stablecoin-link-provider-any') ? CreateLink.extend({ provider: z.string() }) : CreateLink, req.body);
      const providerAccountId = body.providerAccountId ?? `pa_${createHash('sha256').update(body.apiClientId).digest('hex').slice(0, 16)}`;
      const taken = st.linkByAccount.get(compound(body.provider, providerAccountId));
      if (taken) throw conflict('CONFLICT', `Provider account ${providerAccountId} is already linked as ${taken.id}`);
      const at = now();
      const link: ProviderAccount = {
        id: `StablecoinProviderAccount:${randomUUID()}`,
        provider: body.provider,
        providerAccountId,
        providerEnvironment: 'SANDBOX',
        status: 'ACTIVE',
        lastVerifiedAt: at,
        createdAt: at,
        updatedAt: at,
        apiClientId: body.apiClientId,
        apiClientSecret: body.apiClientSecret,
      };
      links.set(link.id, link);
      st.linkOrder.push(link.id);
      st.activeLinks.add(link.id);
      st.linkByAccount.set(compound(link.provider, link.providerAccountId), link);
      return { status: 201, body: presentLink(link) };
    }),
  );

  const LinkQuery = PageQuery.extend({ provider: z.string().optional(), status: z.enum(['ACTIVE', 'INVALID', 'REVOKED']).optional() });
  // Creation order; no totalCount (optional, supplement 1: counting would read every link).
  app.get('/stablecoin-provider-accounts', async (req) => {
    const q = parse(LinkQuery, req.query);
    const matches = (id: string) => {
      const l = links.get(id)!;
      return (!q.provider || l.provider === q.provider) && (!q.status || l.status === q.status);
    };
    const page = cursorPage(st.linkOrder, q, matches, (id) => presentLink(links.get(id)!));
    if (page.nextCursor && ctx.faults.has('stablecoin-links-cursor-skips')) page.nextCursor = String(Number(page.nextCursor) + 1);
    return page;
  });

  app.get('/stablecoin-provider-accounts/:stablecoinProviderAccountId', async (req) => {
    const { stablecoinProviderAccountId } = req.params as { stablecoinProviderAccountId: string };
    return presentLink(getLink(stablecoinProviderAccountId));
  });

  /** This sandbox's trigger: the provider answers the link's credentials as INVALID, or the link is REVOKED (or ACTIVE again). */
  app.post('/sandbox/stablecoin-provider-accounts/:stablecoinProviderAccountId/status', async (req) => {
    const { stablecoinProviderAccountId } = req.params as { stablecoinProviderAccountId: string };
    const { status } = parse(z.object({ status: z.enum(['ACTIVE', 'INVALID', 'REVOKED']) }), req.body);
    const link = getLink(stablecoinProviderAccountId);
    link.status = status;
    if (status === 'ACTIVE') st.activeLinks.add(link.id);
    else st.activeLinks.delete(link.id);
    link.updatedAt = now();
    if (status === 'ACTIVE') link.lastVerifiedAt = link.updatedAt;
    return presentLink(link);
  });

  /** This sandbox's trigger: the provider behind the link stops answering, or answers again. */
  app.post('/sandbox/stablecoin-provider-accounts/:stablecoinProviderAccountId/outage', async (req) => {
    const { stablecoinProviderAccountId } = req.params as { stablecoinProviderAccountId: string };
    const { unavailable } = parse(z.object({ unavailable: z.boolean() }), req.body);
    const link = getLink(stablecoinProviderAccountId);
    link.unavailable = unavailable;
    return presentLink(link);
  });

  /** Supplement 22: mints and burns answer 503 SERVICE_UNAVAILABLE (here: when the link's provider does not answer). */
  function reachable(link: ProviderAccount): void {
    if (link.unavailable && !ctx.faults.has('stablecoin-provider-outage-ignored')) {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', `The provider of ${link.id} is not answering; try again later`);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Stablecoins

  function getCoin(stablecoinId: string): Stablecoin {
    const coin = coins.get(stablecoinId);
    if (!coin) throw notFound('REFERENCE_NOT_FOUND', `Stablecoin ${stablecoinId} not found`);
    return coin;
  }

  app.post('/stablecoins', async (req, reply) =>
    idempotent(req, reply, () => {
      const body = parse(ctx.faults.has('stablecoin-network-any') ? RegisterToken.extend({ network: z.string() }) as unknown as typeof RegisterToken : RegisterToken, req.body);
      const link = resolveLink(body.stablecoinProviderAccountId);
      const taken = st.coinByToken.get(compound(link.id, body.providerTokenIdentifier));
      if (taken) throw conflict('CONFLICT', `Token ${body.providerTokenIdentifier} is already registered as ${taken.id}`);
      const symbol = body.providerTokenIdentifier.replace(/[^A-Za-z0-9]/g, '').slice(0, 6).toUpperCase() || 'TOKEN';
      const at = now();
      const coin: Stablecoin = {
        id: `Stablecoin:${randomUUID()}`,
        name: `Sandbox ${symbol}`,
        symbol,
        baseCurrency: 'USD',
        network: 'SPARK',
        decimals: TOKEN_DECIMALS,
        // The token exists at the provider already: registration finds it issued and enables it.
        issuanceStatus: 'PROVISIONED',
        svcOperationsStatus: 'ENABLED',
        networkTokenIdentifier: body.networkTokenIdentifier,
        provider: link.provider,
        stablecoinProviderAccountId: link.id,
        providerEnvironment: 'SANDBOX',
        providerTokenIdentifier: body.providerTokenIdentifier,
        createdAt: at,
        updatedAt: at,
      };
      coins.set(coin.id, coin);
      st.coinOrder.push(coin.id);
      st.coinByToken.set(compound(link.id, coin.providerTokenIdentifier), coin);
      return { status: 201, body: { ...coin } };
    }),
  );

  const CoinQuery = PageQuery.extend({
    issuanceStatus: z.enum(['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED']).optional().transform((v) => (ctx.faults.has('stablecoin-coins-issuance-filter-ignored') ? undefined : v)),
    svcOperationsStatus: z.enum(['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED']).optional(),
    provider: z.string().optional(),
  });
  // Registration order; no totalCount (supplement 1).
  app.get('/stablecoins', async (req) => {
    const q = parse(CoinQuery, req.query);
    const matches = (id: string) => {
      const c = coins.get(id)!;
      return (!q.issuanceStatus || c.issuanceStatus === q.issuanceStatus) && (!q.svcOperationsStatus || c.svcOperationsStatus === q.svcOperationsStatus) && (!q.provider || c.provider === q.provider);
    };
    const page = cursorPage(st.coinOrder, q, matches, (id) => ({ ...coins.get(id)! }));
    if (ctx.faults.has('stablecoins-has-more-when-full') && !page.hasMore && page.data.length === q.limit) Object.assign(page, { hasMore: true, nextCursor: String(st.coinOrder.length) });
    return page;
  });

  app.get('/stablecoins/:stablecoinId', async (req) => getCoin((req.params as { stablecoinId: string }).stablecoinId));

  // ---------------------------------------------------------------------------------------------
  // Operations

  /** Supplement 22: "amount must equal whole fiat cents at the token's decimals". */
  function centsOf(coin: Stablecoin, amount: string): number {
    const units = BigInt(amount);
    const perCent = 10n ** BigInt(Math.max(coin.decimals - 2, 0));
    const whole = units % perCent === 0n || (ctx.faults.has('stablecoin-amount-cents-checked-coarsely') && units % 10n === 0n) || ctx.faults.has('stablecoin-amount-fractional-cents-accepted');
    if (units <= 0n || !whole) {
      throw invalidInput([{ field: 'amount', constraint: 'whole-cents', message: `amount must be a positive whole number of cents at ${coin.decimals} decimals (a multiple of ${perCent})` }]);
    }
    const cents = units / perCent;
    if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidInput([{ field: 'amount', constraint: 'maximum', message: 'amount is too large' }]);
    return Number(cents);
  }

  const presentOp = (op: Operation) => {
    const { debit: _debit, ...shown } = expire(op);
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
      throw invalidInput([{ field, constraint: want, message: want === 'spark' ? 'a mint goes to a SPARK wallet external account' : 'a USD bank external account (USD_ACCOUNT)' }]);
    }
    if (account.status !== 'ACTIVE') throw invalidInput([{ field, constraint: 'active', message: `external account ${accountId} is ${account.status}, not ACTIVE` }]);
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
    const answer = presentOp(record);
    record.status = waitsForFunds && !ctx.faults.has('stablecoin-op-skips-funding-wait') ? 'PENDING_FUNDING' : 'PENDING_PROVIDER';
    record.providerStatus = record.status;
    operations.set(record.id, record);
    st.opsByCoin.add(record.stablecoinId, record.id);
    st.opsByCoinType.add(compound(record.stablecoinId, record.operationType), record.id);
    return { status: 201, body: answer };
  }

  app.post('/stablecoins/:stablecoinId/mints', async (req, reply) =>
    idempotent(req, reply, () => {
      const coin = getCoin((req.params as { stablecoinId: string }).stablecoinId);
      const body = parse(ctx.faults.has('stablecoin-description-unbounded') ? Mint.extend({ description: z.string().optional() }) : Mint, req.body);
      reachable(usable(getLink(coin.stablecoinProviderAccountId)));
      const cents = centsOf(coin, body.amount);
      const dest = body.destination.accountId;
      if (dest.startsWith('InternalAccount:')) {
        const account = internalAccounts(ctx).get(dest);
        if (!account) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${dest} not found`);
        assertCanMoveMoney(ctx, account, 'receive');
      } else externalFor(dest, 'destination.accountId', 'spark');
      const funding = body.fundingSource;
      let debit: Operation['debit'];
      if (funding.type === 'ACH_DEBIT' || funding.type === 'SAME_DAY_ACH_DEBIT') externalFor(funding.externalAccountId, 'fundingSource.externalAccountId', 'bank');
      if (funding.type === 'SVC_INTERNAL_ACCOUNT') {
        const account = internalAccounts(ctx).get(funding.accountId);
        if (!account) throw notFound('REFERENCE_NOT_FOUND', `Internal account ${funding.accountId} not found`);
        if (account.currency !== coin.baseCurrency) throw invalidInput([{ field: 'fundingSource.accountId', constraint: 'currency', message: `the funding account must hold ${coin.baseCurrency}` }]);
        assertCanMoveMoney(ctx, account, 'send');
        const taken = ctx.faults.has('stablecoin-funding-debit-wrong') ? Math.round(cents / 100) : cents;
        if (account.available < taken) throw invalidInput([{ field: 'fundingSource.accountId', constraint: 'balance', message: `the funding account holds ${account.available} cents; the mint needs ${cents}` }]);
        adjustBalance(ctx, account, -taken);
        debit = { accountId: account.id, cents: taken };
      }
      const wire = funding.type === 'WIRE';
      const op = start(
        {
          id: `StablecoinOperation:${randomUUID()}`,
          stablecoinId: coin.id,
          operationType: 'MINT',
          amount: body.amount,
          source: { ...funding },
          destination: { accountId: dest },
          ...(wire && !ctx.faults.has('stablecoin-wire-without-instructions')
            ? {
                fundingInstructions: {
                  rail: 'WIRE',
                  network: 'FEDWIRE',
                  address: '000987654321',
                  valueType: 'FIAT',
                  accountNumber: '000987654321',
                  routingNumber: '021000021',
                  reference: `MINT-${randomUUID().slice(0, 8).toUpperCase()}`,
                  amount: cents,
                  currency: coin.baseCurrency,
                },
              }
            : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(debit ? { debit } : {}),
        },
        coin,
        wire,
      );
      return op;
    }),
  );

  app.post('/stablecoins/:stablecoinId/burns', async (req, reply) =>
    idempotent(req, reply, () => {
      const coin = getCoin((req.params as { stablecoinId: string }).stablecoinId);
      const shape = ctx.faults.has('stablecoin-burn-internal-source-accepted') ? BurnFromInternal : Burn;
      const body = parse(ctx.faults.has('stablecoin-burn-rail-any') ? shape.extend({ destination: Burn.shape.destination.extend({ rail: z.string() }) }) : shape, req.body);
      reachable(usable(getLink(coin.stablecoinProviderAccountId)));
      const cents = centsOf(coin, body.amount);
      externalFor(body.destination.externalAccountId, 'destination.externalAccountId', 'bank');
      const deposit = body.source.type === 'EXTERNAL_ACCOUNT';
      return start(
        {
          id: `StablecoinOperation:${randomUUID()}`,
          stablecoinId: coin.id,
          operationType: 'BURN',
          amount: body.amount,
          source: { ...body.source },
          destination: { accountId: body.destination.externalAccountId, rail: body.destination.rail },
          estimatedDelivery: { rail: body.destination.rail, amount: cents, currency: coin.baseCurrency, timing: DELIVERY_TIMING[body.destination.rail] },
          ...(deposit
            ? {
                fundingInstructions: {
                  rail: 'SPARK',
                  network: 'SPARK',
                  address: `spark1sandbox${randomUUID().replace(/-/g, '')}`,
                  valueType: 'TOKEN',
                  tokenIdentifier: coin.networkTokenIdentifier,
                  amount: body.amount,
                },
              }
            : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
        },
        coin,
        deposit,
      );
    }),
  );

  const OpQuery = PageQuery.extend({ operationType: z.enum(['MINT', 'BURN']).optional() });
  app.get('/stablecoins/:stablecoinId/operations', async (req) => {
    const coin = getCoin((req.params as { stablecoinId: string }).stablecoinId);
    const q = parse(OpQuery, req.query);
    const ignoreType = ctx.faults.has('stablecoin-operation-type-filter-ignored');
    const ids = q.operationType && !ignoreType ? st.opsByCoinType.get(compound(coin.id, q.operationType)) : st.opsByCoin.get(coin.id);
    // Newest first (supplement 22): the index keeps creation order, read backwards. No totalCount.
    const descending = !ctx.faults.has('stablecoin-operations-oldest-first');
    return cursorPage(ids, { limit: q.limit, cursor: q.cursor, descending }, () => true, (id) => presentOp(operations.get(id)!));
  });

  function getOp(operationId: string): Operation {
    const op = operations.get(operationId);
    if (!op) throw notFound('REFERENCE_NOT_FOUND', `Stablecoin operation ${operationId} not found`);
    return expire(op);
  }

  app.get('/stablecoin-operations/:stablecoinOperationId', async (req) => presentOp(getOp((req.params as { stablecoinOperationId: string }).stablecoinOperationId)));

  /**
   * This sandbox's trigger for what happens outside the API: the funds of a PENDING_FUNDING operation
   * arrive, or the provider takes up a PENDING_PROVIDER one (both -> PROCESSING); a PROCESSING one
   * settles (COMPLETED, or FAILED with {outcome: FAILED}).
   */
  app.post('/sandbox/stablecoin-operations/:stablecoinOperationId/advance', async (req) => {
    const op = getOp((req.params as { stablecoinOperationId: string }).stablecoinOperationId);
    const { outcome } = parse(z.object({ outcome: z.enum(['COMPLETED', 'FAILED']).default('COMPLETED') }), req.body);
    if (op.status === 'PENDING_FUNDING' || op.status === 'PENDING_PROVIDER') settle(op, 'PROCESSING');
    else if (op.status === 'PROCESSING') settle(op, outcome, outcome === 'FAILED' ? 'PROVIDER_REJECTED' : undefined);
    else throw new ApiError(409, 'INVALID_STATE_TRANSITION', `Stablecoin operation ${op.id} is ${op.status}: nothing to advance`);
    return presentOp(op);
  });

  /** This sandbox's trigger: a PENDING_FUNDING operation reaches its expiresAt now. */
  app.post('/sandbox/stablecoin-operations/:stablecoinOperationId/expire', async (req) => {
    const op = getOp((req.params as { stablecoinOperationId: string }).stablecoinOperationId);
    if (op.status !== 'PENDING_FUNDING') throw new ApiError(409, 'INVALID_STATE_TRANSITION', `Stablecoin operation ${op.id} is ${op.status}, not waiting for funds`);
    op.expiresAt = now();
    settle(op, 'EXPIRED');
    return presentOp(op);
  });
}
