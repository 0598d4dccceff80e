// Supplement section 22: a token's operations (newest first), one operation, and this sandbox's
// triggers for what happens outside the API: funds arriving, the provider deciding, the funding wait expiring.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { ApiError, notFound } from '../http/errors.js';
import { adjustBalance, internalAccounts } from '../internal-accounts/state.js';
import { cursorPage, PageQuery } from '../store/cursor-page.js';
import { compound, stablecoinTools, type Operation } from './state.js';

export async function stablecoinOperationRoutes(app: FastifyInstance) {
  const { ctx, st, operations, now, getCoin, presentOp, expire, settle } = stablecoinTools(app.ctx);

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
    else if (op.status === 'PROCESSING' && op.pendingDebit) {
      // The alternate's internal-account funding is taken as the mint completes; short of it, the mint fails.
      const { accountId, cents } = op.pendingDebit;
      op.pendingDebit = undefined;
      const account = internalAccounts(ctx).get(accountId);
      const short = outcome === 'COMPLETED' && (!account || account.available < cents);
      if (outcome === 'COMPLETED' && !short) adjustBalance(ctx, account!, -cents);
      settle(op, short ? 'FAILED' : outcome, short ? 'INSUFFICIENT_FUNDS' : outcome === 'FAILED' ? 'PROVIDER_REJECTED' : undefined);
    } else if (op.status === 'PROCESSING') settle(op, outcome, outcome === 'FAILED' ? 'PROVIDER_REJECTED' : undefined);
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
