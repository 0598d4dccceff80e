// Interface: POST {base_url}/verifications "may return RESOLVE_ERRORS with one entry per problem,
// each naming the field or the accepted document types still needed"; Customer KYC status
// (APPROVED emits CUSTOMER.KYC_APPROVED). Supplement sections 5 and 14: POST, GET /verifications,
// GET /verifications/{verificationId}; the manual review is this sandbox's own trigger.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { customers, getCustomer, setKycStatus } from '../customers/state.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { countMatches, indexedPage, watchField } from '../store/position-index.js';
import { customerOwners, gaps, holderDocs, IDENTITY_DOCUMENTS, openVerification, PageQuery, push, setVerificationStatus, state, unresolvedFindings, type Verification, type VerificationStatus } from './state.js';

export async function verificationRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /** A new verification of `customerId`, without a status yet, stored and indexed. */
  const newVerification = (customerId: string): Verification => {
    const s = state(ctx);
    const now = isoNow(ctx.clock);
    const v: Verification = { id: `Verification:${randomUUID()}`, customerId, verificationStatus: '' as VerificationStatus, errors: [], createdAt: now, updatedAt: now };
    s.verifications.set(v.id, v);
    const p = s.verificationOrder.push(v) - 1;
    push(s.verificationsByCustomer, customerId, v);
    const ix = s.verificationPositions;
    ix.customer.add(customerId, p);
    ix.status.add(v.verificationStatus, p);
    watchField(v, 'verificationStatus', (from, to) => ix.status.move(from, to, p));
    return v;
  };

  app.post('/verifications', async (req) => {
    const sent = req.body as { customerId?: unknown } | undefined;
    if (ctx.faults.has('verification-refused-opened') && sent && typeof sent === 'object' && 'customerId' in sent && typeof sent.customerId !== 'string') {
      // The fault: a customerId of another type is refused below, but a verification is opened first under it, made a string.
      newVerification(String(sent.customerId));
    }
    const { customerId } = parse(z.object({ customerId: z.string().min(1) }), req.body);
    if (ctx.faults.has('verification-unknown-customer-400') && !customers(ctx).has(customerId)) throw badRequest('INVALID_INPUT', `Unknown customer ${customerId}`);
    const customer = getCustomer(ctx, customerId);
    if ((customer.kycStatus === 'APPROVED' && !ctx.faults.has('verification-of-approved-accepted')) || customer.kycStatus === 'REJECTED') {
      throw badRequest('INVALID_INPUT', `Customer ${customerId} is already ${customer.kycStatus}`);
    }
    const s = state(ctx);
    const now = isoNow(ctx.clock);
    // A new verification starts without a status; its first status is announced like any other.
    const open = openVerification(ctx, customerId);
    // The alternate starts a new verification at every POST: the open one stays as it was, no longer
    // followed, and its review findings pass to the new one.
    const v = open && !ctx.choices.alternate('verification-new-each-post') ? open : newVerification(customerId);
    if (open && v !== open) {
      const carried = s.findings.get(open.id);
      if (carried) s.findings.set(v.id, carried);
      s.findings.delete(open.id);
      if (s.resubmitted.has(open.id)) s.resubmitted.add(v.id);
      if (open.verificationStatus === 'RESOLVE_ERRORS' && carried) v.errors = [...open.errors];
    }
    const found = gaps(ctx, customer);
    const magic = String(customer.customerType === 'INDIVIDUAL' ? customer.fields.fullName ?? '' : (customer.fields.businessInfo as { registrationNumber?: string })?.registrationNumber ?? '');
    if (found.length) {
      setVerificationStatus(ctx, v, 'RESOLVE_ERRORS', found);
      return v;
    }
    // A verification returned by review stays RESOLVE_ERRORS, with its findings, until they are resolved.
    if (unresolvedFindings(ctx, v, customer.id) || (s.findings.has(v.id) && ctx.faults.has('verification-resubmission-refused'))) {
      setVerificationStatus(ctx, v, 'RESOLVE_ERRORS', v.errors);
      return { ...v, errors: [...v.errors] };
    }
    if (s.findings.delete(v.id)) s.resubmitted.add(v.id);
    // Supplement 5: an individual named ...003, complete -> RESOLVE_ERRORS + POOR_QUALITY_DOCUMENT: this
    // sandbox takes the submission (IN_PROGRESS) and its review finds the identity document poor.
    const poorDocument = customer.customerType === 'INDIVIDUAL' && magic.endsWith('003') && !s.resubmitted.has(v.id) && !ctx.faults.has('verification-review-finding-skipped');
    // Submitted: the documents of the customer and of its owners are now part of the verification.
    for (const holder of [customer.id, ...customerOwners(ctx, customer.id).map((o) => o.id)]) {
      for (const d of holderDocs(ctx, holder)) d.submitted = true;
    }
    const ownerPending = customer.customerType === 'BUSINESS' && customerOwners(ctx, customer.id).some((o) => o.kycStatus === 'PENDING');
    const outcome: 'APPROVED' | 'REJECTED' | 'PENDING_MANUAL_REVIEW' =
      customer.customerType === 'INDIVIDUAL' && magic.endsWith('001') ? 'PENDING_MANUAL_REVIEW'
      : ownerPending ? 'PENDING_MANUAL_REVIEW'
      : magic.endsWith('002') ? 'REJECTED'
      : 'APPROVED';
    const verification = v;
    /** The identity document found poor: the verification returns RESOLVE_ERRORS with it, until it is replaced. */
    const findPoorDocument = () => {
      const docs = holderDocs(ctx, customer.id);
      const doc = docs.find((d) => IDENTITY_DOCUMENTS.includes(d.documentType)) ?? docs[0];
      s.findings.set(verification.id, {
        flagged: doc ? [{ documentId: doc.id, revision: s.documentRevisions.get(doc.id) ?? 0 }] : [],
        holderDocs: new Set(docs.map((d) => d.id)),
      });
      setVerificationStatus(ctx, verification, 'RESOLVE_ERRORS', [{ resourceId: doc?.id ?? customer.id, type: 'POOR_QUALITY_DOCUMENT', acceptedDocumentTypes: IDENTITY_DOCUMENTS, reason: 'The document image is not legible' }]);
    };
    // The alternate finds the poor document at the submission itself, without IN_PROGRESS.
    if (poorDocument && ctx.choices.alternate('poor-document-at-submission')) {
      findPoorDocument();
      return { ...v, errors: [...v.errors] };
    }
    // The alternates: a resubmission after RESOLVE_ERRORS passes READY_FOR_VERIFICATION on its way to
    // review, and the customer is PENDING (CUSTOMER.KYC_PENDING / KYB_PENDING) while the review lasts.
    if (ctx.choices.alternate('verification-ready-on-submit') && v.verificationStatus === 'RESOLVE_ERRORS') setVerificationStatus(ctx, v, 'READY_FOR_VERIFICATION');
    setVerificationStatus(ctx, v, 'IN_PROGRESS');
    if (ctx.choices.alternate('kyc-pending-in-review') && customer.kycStatus !== 'PENDING') setKycStatus(ctx, customer, 'PENDING');
    const snapshot = { ...v };
    ctx.later(ctx.settings.provisioningDelayMs, () => {
      if (poorDocument) {
        findPoorDocument();
        return;
      }
      setVerificationStatus(ctx, verification, outcome);
      const kyc = outcome === 'PENDING_MANUAL_REVIEW' ? 'PENDING' : outcome;
      if (customer.kycStatus !== kyc) setKycStatus(ctx, customer, kyc);
    });
    return snapshot;
  });

  // This sandbox's trigger: a manual review completes (PENDING_MANUAL_REVIEW -> APPROVED or REJECTED),
  // and the customer's kycStatus/kybStatus follows with its CUSTOMER.* event.
  app.post('/sandbox/verifications/:verificationId/review', async (req) => {
    const { verificationId } = req.params as { verificationId: string };
    const { outcome } = parse(z.object({ outcome: z.enum(['APPROVED', 'REJECTED']) }), req.body);
    const v = state(ctx).verifications.get(verificationId);
    if (!v) throw notFound('REFERENCE_NOT_FOUND', `Verification ${verificationId} not found`);
    if (v.verificationStatus !== 'PENDING_MANUAL_REVIEW') throw conflict('CONFLICT', `Verification ${v.id} is ${v.verificationStatus}, not under manual review`);
    setVerificationStatus(ctx, v, outcome);
    const customer = getCustomer(ctx, v.customerId);
    if (!ctx.faults.has('review-outcome-customer-unchanged')) setKycStatus(ctx, customer, outcome);
    return { ...v };
  });

  app.get('/verifications', async (req) => {
    const q = parse(PageQuery.extend({ customerId: z.string().min(1).optional(), verificationStatus: z.enum(['RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION']).optional() }), req.query);
    const s = state(ctx);
    // Creation order; the customer and the status each name a positions list, the page walks the shortest.
    const byCustomer = q.customerId && !ctx.faults.has('verifications-customer-filter-ignored') ? q.customerId : undefined;
    const statusFilter = ctx.faults.has('verifications-status-filter-ignored') ? undefined : q.verificationStatus;
    const ix = s.verificationPositions;
    const narrow = [byCustomer ? ix.customer.get(byCustomer) : undefined, statusFilter ? ix.status.get(statusFilter) : undefined].filter((list) => list !== undefined);
    const matches = (v: Verification) => (!byCustomer || v.customerId === byCustomer) && (!statusFilter || v.verificationStatus === statusFilter);
    const page = indexedPage(s.verificationOrder, { limit: q.limit, cursor: q.cursor, narrow }, matches, (v) => ({ ...v }));
    if (page.nextCursor && ctx.faults.has('verifications-cursor-skips')) page.nextCursor = String(Number(page.nextCursor) + 1);
    // The alternate answers the optional totalCount: every verification the filters match, all pages.
    return ctx.choices.alternate('kyc-lists-total-count') ? { ...page, totalCount: countMatches(s.verificationOrder, { narrow }, matches) } : page;
  });

  app.get('/verifications/:verificationId', async (req) => {
    const { verificationId } = req.params as { verificationId: string };
    const v = state(ctx).verifications.get(verificationId);
    if (!v) throw notFound('REFERENCE_NOT_FOUND', `Verification ${verificationId} not found`);
    return v;
  });
}
