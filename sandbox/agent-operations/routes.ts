// Supplement sections 11 and 23: the agent's own operations (`/agents/me/*`, Bearer): quotes, execute,
// transfers, actions, accounts, external accounts, for the agent's customer only and under its policy.
// Which routes authenticate themselves is ../agent-management/routes.ts's agentAuthenticates.
import type { FastifyInstance } from 'fastify';
import { agentAccountRoutes } from './accounts.js';
import { agentActionRoutes } from './actions.js';
import { agentSelfRoutes } from './me.js';
import { agentQuoteRoutes } from './quotes.js';
import { agentTransactionRoutes } from './transactions.js';
import { agentTransferRoutes } from './transfers.js';

export async function agentOperationRoutes(app: FastifyInstance) {
  await app.register(agentSelfRoutes);
  await app.register(agentTransactionRoutes);
  await app.register(agentQuoteRoutes);
  await app.register(agentTransferRoutes);
  await app.register(agentActionRoutes);
  await app.register(agentAccountRoutes);
}
