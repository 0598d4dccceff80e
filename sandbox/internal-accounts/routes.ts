// Supplement section 6: GET /customers/internal-accounts, GET /platform/internal-accounts,
// POST /sandbox/internal-accounts/{accountId}/fund. The freeze trigger
// (POST /sandbox/internal-accounts/{accountId}/freeze) is this sandbox's own (sandbox/README.md).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { PageQuery } from '../pagination.js';
import { indexedPage } from '../store/position-index.js';
import { badRequest, conflict } from '../errors.js';
import { isoNow } from '../clock.js';
import { EMBEDDED_TIMINGS } from '../profile.js';
import { adjustBalance, assertCanMoveMoney, customerAccountOrder, customerAccountPositions, getInternalAccount, internalAccounts, presentInternalAccount, provisionInternalAccount, setInternalAccountStatus, type InternalAccountRecord, type InternalAccountStatus } from './store.js';

const ListQuery = z.object({ currency: z.string().optional(), customerId: z.string().optional(), type: z.string().optional() }).passthrough();
const FundBody = z.object({ amount: z.number().int().positive().max(1e11) });
const FundBodyUnbounded = FundBody.extend({ amount: z.number().int().positive() });
const IdParams = z.object({ accountId: z.string().min(1) });

/** The platform's own accounts (supplement 6: customerId absent), ready at start (sandbox/README.md). */
const PLATFORM_CURRENCIES = ['USD', 'USDC'];
// Schemas are built once: zod compiles each on its first parse, which costs more than the parse.
const CustomerListQuery = ListQuery.extend(PageQuery.shape);
const FundingInstructionsBody = z.object({ change: z.enum(['ADD', 'WITHDRAW']).default('ADD') });

export async function internalAccountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const platformIds = PLATFORM_CURRENCIES.map((currency) => {
    const account = provisionInternalAccount(ctx, null, currency, { hold: true });
    account.status = 'ACTIVE';
    return account.id;
  });
  // Every customer account in creation order; customerId, currency and type each name a positions
  // list, and a page walks the shortest from its cursor, testing every filter.
  const customerAccounts = (query: unknown) => {
    const q = parse(CustomerListQuery, query);
    const ix = customerAccountPositions(ctx);
    const narrow = [
      q.customerId && !ctx.faults.has('internal-accounts-customer-filter-ignored') ? ix.customer.get(q.customerId) : undefined,
      q.currency && !ctx.faults.has('internal-accounts-currency-filter-ignored') ? ix.currency.get(q.currency) : undefined,
      q.type ? ix.type.get(q.type) : undefined,
    ].filter((list) => list !== undefined);
    const matches = (a: InternalAccountRecord) =>
      a.customerId !== null && (!q.customerId || a.customerId === q.customerId || ctx.faults.has('internal-accounts-customer-filter-ignored')) && (!q.currency || a.currency === q.currency || ctx.faults.has('internal-accounts-currency-filter-ignored')) && (!q.type || a.type === q.type);
    // Supplement 1: limit defaults to 20 (the fault pages 100 without one).
    const limit = (query as { limit?: unknown } | undefined)?.limit === undefined && ctx.faults.has('internal-accounts-default-limit-100') ? 100 : q.limit;
    return indexedPage(customerAccountOrder(ctx), { limit, cursor: q.cursor, narrow }, matches, (a) => presentInternalAccount(ctx, a));
  };
  const platformAccounts = (query: unknown) => {
    const q = parse(ListQuery, query);
    const all = internalAccounts(ctx);
    // The platform's few accounts are kept by id, so the list never scans the customers' accounts.
    const candidates = ctx.faults.has('platform-accounts-include-customer-accounts') ? [...all.values()] : platformIds.map((id) => all.get(id)!);
    return candidates.filter((a) => (!q.currency || a.currency === q.currency) && (!q.type || a.type === q.type)).map((a) => presentInternalAccount(ctx, a));
  };

  app.get('/customers/internal-accounts', async (req) => {
    const page = customerAccounts(req.query);
    if (ctx.faults.has('internal-accounts-has-more-when-full') && !page.hasMore && page.data.length === parse(CustomerListQuery, req.query).limit) {
      Object.assign(page, { hasMore: true, nextCursor: String(customerAccountOrder(ctx).length) });
    }
    // The faults credit a refund again once its account has been read, or half the declared quiet period
    // after that read, when the read showed the right balance (cross-currency-transfers/routes.ts).
    const later = ctx.faults.has('refund-credited-twice-later');
    for (const { id } of ctx.faults.has('refund-credited-twice') || later ? page.data : []) {
      const a = internalAccounts(ctx).get(id);
      if (!a?.lateCredit) continue;
      const credit = a.lateCredit;
      a.lateCredit = 0;
      if (later) ctx.later(EMBEDDED_TIMINGS.eventQuietMs / 2, () => adjustBalance(ctx, a, credit));
      else adjustBalance(ctx, a, credit);
    }
    return page;
  });
  // Supplement 1 and 6: the platform's accounts answer just {data}, unpaged.
  app.get('/platform/internal-accounts', async (req) => {
    const data = platformAccounts(req.query);
    return ctx.faults.has('platform-accounts-paged') ? { data, hasMore: false, totalCount: data.length } : { data };
  });

  app.post('/sandbox/internal-accounts/:accountId/fund', async (req) => {
    const { accountId } = parse(IdParams, req.params);
    // Supplement section 6: {amount*: int64 ≤ 1e11}.
    const { amount } = parse(ctx.faults.has('sandbox-fund-unbounded') ? FundBodyUnbounded : FundBody, req.body);
    if (ctx.faults.has('sandbox-fund-unknown-account-400') && !internalAccounts(ctx).has(accountId)) throw badRequest('INVALID_INPUT', `Unknown account ${accountId}`);
    const account = getInternalAccount(ctx, accountId);
    assertCanMoveMoney(ctx, account, 'receive');
    adjustBalance(ctx, account, amount);
    return presentInternalAccount(ctx, account);
  });

  // This sandbox's own triggers: a compliance hold (ACTIVE -> FROZEN), a failed provisioning (-> FAILED),
  // a provisioning completed (PENDING -> ACTIVE) and a customer-initiated closure (ACTIVE or FROZEN -> CLOSED).
  const triggers: [string, InternalAccountStatus, readonly InternalAccountStatus[] | undefined][] = [
    ['freeze', 'FROZEN', undefined],
    ['fail', 'FAILED', undefined],
    ['activate', 'ACTIVE', ['PENDING']],
    ['close', 'CLOSED', ['ACTIVE', 'FROZEN']],
  ];
  for (const [name, status, from] of triggers) {
    app.post(`/sandbox/internal-accounts/:accountId/${name}`, async (req) => {
      const { accountId } = parse(IdParams, req.params);
      const account = getInternalAccount(ctx, accountId);
      if (from && !from.includes(account.status)) {
        throw conflict('CONFLICT', `Internal account ${account.id} is ${account.status}; ${name} applies to ${from.join(' or ')}`, { status: account.status });
      }
      setInternalAccountStatus(ctx, account, status);
      return presentInternalAccount(ctx, account);
    });
  }

  // Supplement 26: INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED when fundingPaymentInstructions change
  // (coordinates added, e.g. a SWIFT collection account ready, or withdrawn). This trigger makes that happen.
  app.post('/sandbox/internal-accounts/:accountId/funding-instructions', async (req) => {
    const { accountId } = parse(IdParams, req.params);
    const { change } = parse(FundingInstructionsBody, req.body);
    const account = getInternalAccount(ctx, accountId);
    const swift = {
      accountOrWalletInfo: { accountType: 'SWIFT_ACCOUNT', swiftCode: 'SVCSUS33XXX', accountNumber: `SW${account.id.slice(-10).replace(/-/g, '')}`, bankName: 'Sandbox Collection Bank' },
      instructionsNotes: 'SWIFT collection account',
    };
    const had = (account.extraInstructions ?? []).length > 0;
    if (change === 'ADD' ? had : !had) {
      throw conflict('CONFLICT', change === 'ADD' ? 'The SWIFT collection account is already in the funding instructions' : 'No SWIFT collection account to withdraw');
    }
    account.extraInstructions = change === 'ADD' ? [swift] : [];
    account.updatedAt = isoNow(ctx.clock);
    if (!ctx.faults.has('funding-instructions-no-event')) {
      ctx.webhooks.emit('INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED', presentInternalAccount(ctx, account));
    }
    return presentInternalAccount(ctx, account);
  });
}
