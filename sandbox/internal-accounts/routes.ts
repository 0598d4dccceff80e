// Supplement section 6: GET /customers/internal-accounts, GET /platform/internal-accounts,
// POST /sandbox/internal-accounts/{accountId}/fund. The freeze trigger
// (POST /sandbox/internal-accounts/{accountId}/freeze) is this sandbox's own (sandbox/README.md).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { page } from '../pagination.js';
import { adjustBalance, assertCanMoveMoney, getInternalAccount, internalAccounts, presentInternalAccount, setInternalAccountStatus } from './store.js';

const ListQuery = z.object({ currency: z.string().optional(), customerId: z.string().optional(), type: z.string().optional() }).passthrough();
const FundBody = z.object({ amount: z.number().int().positive().max(1e11) });
const IdParams = z.object({ accountId: z.string().min(1) });

export async function internalAccountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const list = (filter: (q: z.infer<typeof ListQuery>) => (a: { customerId: string | null; currency: string; type: string }) => boolean) =>
    (query: unknown) => {
      const q = parse(ListQuery, query);
      return [...internalAccounts(ctx).values()].filter(filter(q)).map((a) => presentInternalAccount(ctx, a));
    };
  const customerAccounts = list((q) => (a) =>
    a.customerId !== null && (!q.customerId || a.customerId === q.customerId) && (!q.currency || a.currency === q.currency) && (!q.type || a.type === q.type));
  const platformAccounts = list((q) => (a) => a.customerId === null && (!q.currency || a.currency === q.currency) && (!q.type || a.type === q.type));

  app.get('/customers/internal-accounts', async (req) => page(customerAccounts(req.query), req.query));
  app.get('/platform/internal-accounts', async (req) => ({ data: platformAccounts(req.query) }));

  app.post('/sandbox/internal-accounts/:accountId/fund', async (req) => {
    const { accountId } = parse(IdParams, req.params);
    const { amount } = parse(FundBody, req.body);
    const account = getInternalAccount(ctx, accountId);
    assertCanMoveMoney(ctx, account, 'receive');
    adjustBalance(ctx, account, amount);
    return presentInternalAccount(ctx, account);
  });

  // This sandbox's own triggers: a compliance hold (ACTIVE -> FROZEN) and a failed provisioning (FAILED).
  for (const [name, status] of [['freeze', 'FROZEN'], ['fail', 'FAILED']] as const) {
    app.post(`/sandbox/internal-accounts/:accountId/${name}`, async (req) => {
      const { accountId } = parse(IdParams, req.params);
      const account = getInternalAccount(ctx, accountId);
      setInternalAccountStatus(ctx, account, status);
      return presentInternalAccount(ctx, account);
    });
  }
}
