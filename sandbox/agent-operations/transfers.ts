// Supplement sections 23 and 8: the agent's transfers out and in (CREATE_TRANSFERS) under its policy,
// between its customer's internal and external accounts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { badRequest } from '../http/errors.js';
import { recordSpend, type Spend } from '../agent-management/state.js';
import { operationTools } from './caller.js';

const TransferOut = z.looseObject({ source: z.looseObject({ accountId: z.string().min(1) }), destination: z.looseObject({ accountId: z.string().min(1) }), amount: z.number().optional() });
const TransferIn = z.looseObject({ source: z.looseObject({ accountId: z.string().min(1) }), destination: z.looseObject({ accountId: z.string().min(1) }), amount: z.number() });

export async function agentTransferRoutes(app: FastifyInstance) {
  const { ctx, f, platform, caller, need, ownInternal, ownExternal, idempotent, act } = operationTools(app);

  // The agent's transfer bodies are those of /transfer-out and /transfer-in (supplement 23 and 8), each
  // field of its type before the policy decides (an amount is an integer, interface: Money).
  const AgentTransferOut = TransferOut.extend({
    destination: z.looseObject({ accountId: z.string().min(1), paymentRail: z.string().optional() }),
    amount: z.number().int().optional(),
    remittanceInformation: z.string().optional(),
    purposeOfPayment: z.string().optional(),
  });
  const AgentTransferIn = TransferIn.extend({ amount: z.number().int() });
  for (const direction of ['out', 'in'] as const) {
    app.post(`/agents/me/transfer-${direction}`, async (req, reply) => {
      const agent = caller(req);
      need(agent, 'CREATE_TRANSFERS');
      const result = await idempotent(agent, req, 201, async () => {
        const refused = !(direction === 'out' ? AgentTransferOut : AgentTransferIn).safeParse(req.body).success;
        // The faults: a refused transfer counts in the agent's usage; a refused transfer-in between the customer's own accounts runs all the same.
        if (refused && f.has('agent-refused-transfer-counted')) recordSpend(ctx, agent.policy, agent.usage, { amount: 0, currency: agent.policy.spendingLimits.currency, accounts: [], spends: true });
        if (refused && direction === 'in' && f.has('agent-refused-transfer-in-runs')) {
          const b = (req.body ?? {}) as { source?: { accountId?: unknown }; destination?: { accountId?: unknown }; amount?: unknown };
          const [src, dst] = [b.source?.accountId, b.destination?.accountId];
          if (typeof src === 'string' && typeof dst === 'string') {
            const amount = typeof b.amount === 'number' && Number.isInteger(b.amount) && b.amount > 0 ? b.amount : 100;
            await platform('POST', '/transfer-in', { source: { accountId: src }, destination: { accountId: dst }, amount }).catch(() => undefined);
          }
        }
        const body = parse(direction === 'out' ? AgentTransferOut : AgentTransferIn, req.body);
        // transfer-out: from an internal account to an external one; transfer-in: the other way.
        const internal = ownInternal(agent, direction === 'out' ? body.source.accountId : body.destination.accountId);
        ownExternal(agent, direction === 'out' ? body.destination.accountId : body.source.accountId);
        const amount = body.amount ?? internal.available;
        if (!Number.isInteger(amount) || amount <= 0) throw badRequest('INVALID_AMOUNT', 'amount must be a positive integer in the smallest unit');
        const transfer = { amount, currency: internal.currency, sourceAccountId: body.source.accountId, destinationAccountId: body.destination.accountId };
        // The alternate counts a transfer-in as spending too (the limits speak of what the agent "can transfer").
        const spends = direction === 'out' || ctx.choices.alternate('agent-transfer-in-spends');
        const spend: Spend = { amount, currency: internal.currency, accounts: [transfer.sourceAccountId, transfer.destinationAccountId], spends };
        return act(agent, direction === 'out' ? 'TRANSFER_OUT' : 'TRANSFER_IN', spend, { transfer });
      });
      return reply.status(result.status).send(result.body);
    });
  }
}
