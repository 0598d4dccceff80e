// Supplement section 6: GET /customers/internal-accounts, GET /platform/internal-accounts,
// POST /sandbox/internal-accounts/{accountId}/fund. The freeze trigger
// (POST /sandbox/internal-accounts/{accountId}/freeze) is this sandbox's own (sandbox/README.md).
// The internal-accounts area's plugin: the lists and the sandbox's triggers, the store in ./state.ts.
import type { FastifyInstance } from 'fastify';
import { internalAccountListRoutes } from './list.js';
import { internalAccountTriggerRoutes } from './triggers.js';

export async function internalAccountRoutes(app: FastifyInstance) {
  await app.register(internalAccountListRoutes);
  await app.register(internalAccountTriggerRoutes);
}
