// Interface: POST {base_url}/verifications "may return RESOLVE_ERRORS with one entry per problem,
// each naming the field or the accepted document types still needed"; Customer KYC status
// (APPROVED emits CUSTOMER.KYC_APPROVED); Errors / 400 (document rejection reasons). Supplement
// sections 5 and 14 for verifications, documents and beneficial owners; section 3/27 for the
// VERIFICATION.* events (one type per status, data = Verification).
// The kyc-verifications area's plugin: multipart uploads for its routes, the re-evaluation of open
// verifications on customer changes, and each concern's routes in a file of its own.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { onCustomerChanged } from '../customers/state.js';
import { beneficialOwnerRoutes } from './beneficial-owners.js';
import { documentRoutes } from './documents.js';
import { reevaluate } from './state.js';
import { verificationRoutes } from './verifications.js';

const MAX_FILE = 10 * 1024 * 1024;

export async function kycRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: ctx.faults.has('document-size-unbounded') ? 3 * MAX_FILE : MAX_FILE, files: 1, fields: 20 } });
  onCustomerChanged(ctx, (c) => reevaluate(ctx, c.id));

  await app.register(verificationRoutes);
  await app.register(beneficialOwnerRoutes);
  await app.register(documentRoutes);
}
