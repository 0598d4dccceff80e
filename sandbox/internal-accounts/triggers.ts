// Supplement section 6: POST /sandbox/internal-accounts/{accountId}/fund. The status triggers
// (freeze, fail, activate, close) and the funding-instructions trigger are this sandbox's own
// (sandbox/README.md).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { badRequest, conflict } from '../http/errors.js';
import { isoNow } from '../clock.js';
import { adjustBalance, assertCanMoveMoney, getInternalAccount, internalAccounts, presentInternalAccount, setInternalAccountStatus, type InternalAccountStatus } from './state.js';

const FundBody = z.object({ amount: z.number().int().positive().max(1e11) });
const FundBodyUnbounded = FundBody.extend({ amount: z.number().int().positive() });
const IdParams = z.object({ accountId: z.string().min(1) });
const FundingInstructionsBody = z.object({ change: z.enum(['ADD', 'WITHDRAW']).default('ADD') });

export async function internalAccountTriggerRoutes(app: FastifyInstance) {
  const { ctx } = app;
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
      accountOrWalletInfo: { accountType: 'SWIFT_ACCOUNT', swiftCode: 'SVCSUS33XXX', accountNumber: `SW${account.id.slice(-10).replace(/-/g, '')}`, bankName: 'Sandbox Collection Bank', country: 'US', accountHolderName: 'Sandbox Collection Account', paymentRails: ['SWIFT'] },
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
