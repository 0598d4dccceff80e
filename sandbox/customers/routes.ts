// Interface: Customer; "Other operations that are named" (POST /customers, PATCH /customers/{customerId},
// GET /customers/end-user-terms); 409 CONFLICT for a colliding platformCustomerId; 404 USER_NOT_FOUND.
// The customers area's plugin: each concern's routes in a file of its own, the store in ./state.ts.
import type { FastifyInstance } from 'fastify';
import { bulkCustomerRoutes } from './bulk.js';
import { createCustomerRoutes } from './create.js';
import { customerItemRoutes } from './item.js';
import { kycLinkRoutes } from './kyc-link.js';
import { customerListRoutes } from './list.js';

export async function customerRoutes(app: FastifyInstance) {
  await app.register(customerListRoutes);
  await app.register(kycLinkRoutes);
  await app.register(bulkCustomerRoutes);
  await app.register(createCustomerRoutes);
  await app.register(customerItemRoutes);
}
