// External accounts (interface: ExternalAccount; supplement section 7), the customers' and the
// platform's: create, list, read and delete (./manage.ts), ownership challenge and verify
// (./ownership.ts). Beneficiary trust is ./trust.ts; the store and presenters are ./state.ts.
import type { FastifyInstance } from 'fastify';
import { externalAccountManageRoutes } from './manage.js';
import { livenessRoutes, ownershipRoutes } from './ownership.js';
import type { Scope } from './state.js';

export async function externalAccountRoutes(app: FastifyInstance) {
  for (const scope of ['customers', 'platform'] as Scope[]) {
    await app.register(externalAccountManageRoutes, { scope });
    await app.register(ownershipRoutes, { scope });
  }
  await app.register(livenessRoutes);
}
