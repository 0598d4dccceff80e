// Stablecoins (supplement section 22; interface: functional area Stablecoins, Errors / 400 and 404):
// provider-account links, token registration, mints and burns and their operations. Every POST of
// the interface requires Idempotency-Key (a replay answers the first result, a changed payload is
// refused). What the documents leave open (section 28) is this sandbox's choice, written in
// sandbox/README.md ("Stablecoins"): the provider value, the operation path per funding source, the
// triggers that stand in for funds arriving and the provider deciding.
import type { FastifyInstance } from 'fastify';
import { stablecoinBurnRoutes } from './burn.js';
import { stablecoinRegistrationRoutes } from './coins.js';
import { stablecoinLinkRoutes } from './links.js';
import { stablecoinMintRoutes } from './mint.js';
import { stablecoinOperationRoutes } from './operations.js';

export async function stablecoinRoutes(app: FastifyInstance) {
  await app.register(stablecoinLinkRoutes);
  await app.register(stablecoinRegistrationRoutes);
  await app.register(stablecoinMintRoutes);
  await app.register(stablecoinBurnRoutes);
  await app.register(stablecoinOperationRoutes);
}
