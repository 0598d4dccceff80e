// Description: each operation's documented 404 ("Customer not found", "Card not found", "Quote not
// found", ...), for a request whose path, required query customerId or body names a resource that does
// not exist; interface, Errors: the
// error body {status, code, message, details?} with a code "enumerated per status" (404: the codes
// name what is not found). The request is otherwise valid: its body is one the operation's field
// rules generate (helpers/field-rules) or the description's own example, so the only thing wrong with
// it is the resource it names. Each unknown id has the `<TypeName>:<uuid>` form of the description's
// examples of that resource, so it is well formed. The requests are independent and go out together.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inPool } from '../../helpers/concurrency.js';
import { expectError, noteInterface } from '../../helpers/expect.js';
import { SignatureRequest } from '../../helpers/schemas/wallet.js';
import { connectAgent } from '../../helpers/flows/agents.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { validBody, type RequestSpec } from '../../helpers/field-rules/rules.js';
import { seedFor } from '../../helpers/field-rules/check.js';
import { fill } from '../../helpers/field-rules/quotes.js';
import * as cards from '../../helpers/field-rules/cards.js';
import * as customers from '../../helpers/field-rules/customers.js';
import * as accounts from '../../helpers/field-rules/external-accounts.js';
import * as quotes from '../../helpers/field-rules/quotes.js';
import * as transactions from '../../helpers/field-rules/transactions.js';
import * as wallet from '../../helpers/field-rules/wallet.js';
import * as agents from '../../helpers/field-rules/agents.js';
import * as sca from '../../helpers/field-rules/sca.js';
import { documentForm } from '../../helpers/flows/kyc.js';
import { receiverLookup } from '../../helpers/field-rules/receiver.js';
import { api } from '../../helpers/harness.js';
import { scenario } from '../../helpers/scenario.js';
import { describedOperations } from '../../helpers/spec/responses.js';
import { AREAS, operationFor, type Area } from '../../helpers/spec/catalog.js';
import { operationSchemes } from '../../helpers/spec/security.js';
import { individual } from '../../fixtures/customers.js';

const WIDTH = 16;

/** The type name of each path parameter's resource, as the description's examples of its `id` write it. */
const TYPE_OF_PARAMETER: Readonly<Record<string, string>> = {
  customerId: 'Customer',
  externalAccountId: 'ExternalAccount',
  beneficialOwnerId: 'BeneficialOwner',
  documentId: 'Document',
  verificationId: 'Verification',
  quoteId: 'Quote',
  transactionId: 'Transaction',
  jobId: 'Job',
  tokenId: 'Token',
  agentId: 'Agent',
  actionId: 'AgentAction',
  stablecoinId: 'Stablecoin',
  stablecoinOperationId: 'StablecoinOperation',
  stablecoinProviderAccountId: 'StablecoinProviderAccount',
};

/** Path parameters named `id` (or `accountId`) take their type from the path they are in. */
const TYPE_OF_PATH: readonly (readonly [RegExp, string])[] = [
  [/^\/internal-accounts\//, 'InternalAccount'],
  [/^\/sandbox\/internal-accounts\//, 'InternalAccount'],
  [/^\/receiver\/external-account\//, 'ExternalAccount'],
  [/^\/auth\/credentials\//, 'AuthMethod'],
  [/^\/auth\/sessions\//, 'Session'],
  [/^\/auth\/delegated-keys\//, 'DelegatedKey'],
  [/^(\/sandbox)?\/cards\//, 'Card'],
];

/** The request body of each operation the field rules declare (a valid one, generated from its rules). */
const SPECS: Readonly<Record<string, () => RequestSpec>> = {
  'POST /customers/{customerId}/verify-email/confirm': () => customers.contactConfirm('email'),
  'POST /customers/{customerId}/verify-phone/confirm': () => customers.contactConfirm('phone'),
  'PATCH /beneficial-owners/{beneficialOwnerId}': customers.ownerPatch,
  'POST /customers/{customerId}/kyc-link': customers.kycLinkCreate,
  'POST /customers/external-accounts/{externalAccountId}/challenge': () => accounts.ownershipChallenge('customers'),
  'POST /customers/external-accounts/{externalAccountId}/verify': () => accounts.ownershipVerify('customers'),
  'POST /platform/external-accounts/{externalAccountId}/challenge': () => accounts.ownershipChallenge('platform'),
  'POST /platform/external-accounts/{externalAccountId}/verify': () => accounts.ownershipVerify('platform'),
  'POST /customers/external-accounts/{externalAccountId}/trust/confirm': () => accounts.trustConfirm('trust'),
  'POST /customers/external-accounts/{externalAccountId}/untrust/confirm': () => accounts.trustConfirm('untrust'),
  'POST /quotes/{quoteId}/execute': quotes.quoteExecute,
  'POST /quotes/{quoteId}/authorize': quotes.quoteAuthorize,
  'POST /sandbox/internal-accounts/{accountId}/fund': quotes.sandboxFund,
  'POST /transactions/{transactionId}/confirm': transactions.transactionConfirm,
  'POST /transactions/{transactionId}/approve': transactions.transactionApprove,
  'POST /transactions/{transactionId}/reject': transactions.transactionReject,
  'POST /transactions/{transactionId}/cancel': transactions.transactionCancel,
  'PATCH /internal-accounts/{internalAccountId}': wallet.accountPatch,
  'POST /internal-accounts/{internalAccountId}/export': wallet.accountExport,
  'POST /auth/credentials/{credentialId}/verify': wallet.credentialVerify,
  'POST /auth/credentials/{credentialId}/challenge': wallet.credentialChallenge,
  'POST /auth/sessions/{sessionId}/refresh': () => wallet.sessionRefresh(),
  'PATCH /agents/{agentId}': agents.agentPatch,
  'PATCH /agents/{agentId}/policy': agents.policyPatch,
  'POST /agents/{agentId}/actions/{actionId}/reject': agents.actionReject,
  'PATCH /cards/{cardId}': cards.cardPatch,
  'POST /sandbox/cards/{cardId}/simulate/authorization': () => cards.cardAuthorization('authorization'),
  'POST /sandbox/cards/{cardId}/simulate/credit_authorization': () => cards.cardAuthorization('credit_authorization'),
  'POST /sandbox/cards/{cardId}/simulate/financial_authorization': () => cards.cardAuthorization('financial_authorization'),
  'POST /sandbox/cards/{cardId}/simulate/financial_credit_authorization': () => cards.cardAuthorization('financial_credit_authorization'),
  'POST /sandbox/cards/{cardId}/simulate/credit_authorization_advice': () => cards.cardAuthorization('credit_authorization_advice'),
  'POST /sandbox/cards/{cardId}/simulate/clearing': cards.cardClearing,
  'POST /sandbox/cards/{cardId}/simulate/balance_inquiry': cards.cardBalanceInquiry,
  'POST /sandbox/cards/{cardId}/simulate/authorization_advice': () => cards.cardChildSimulation('authorization_advice'),
  'POST /sandbox/cards/{cardId}/simulate/return': () => cards.cardChildSimulation('return'),
  'POST /sandbox/cards/{cardId}/simulate/return_reversal': () => cards.cardChildSimulation('return_reversal'),
  'GET /receiver/external-account/{externalAccountId}': () => receiverLookup('GET /receiver/external-account/{externalAccountId}'),
  [sca.FACTOR_ADD]: sca.factorAdd,
  [sca.FACTOR_CONFIRM]: () => sca.factorConfirm(),
  [sca.LOGIN_START]: () => sca.loginStart(),
  [sca.LOGIN_COMPLETE]: sca.loginComplete,
  [sca.RECORD_EVENT_OP]: sca.recordEvent,
  [sca.RESET_START]: () => sca.resetStart(),
  [sca.RESET_COMPLETE_OP]: sca.resetComplete,
};

/**
 * Operations whose documented 404 is for a resource the request body names: a valid body (from the
 * operation's field rules, or the documented multipart form) whose referenced resources are each an
 * unknown id of the right type, so nothing but them is wrong.
 */
const BODY_REFERENCED: Readonly<Record<string, () => { spec: RequestSpec; ids: Record<string, string> } | { form: FormData }>> = {
  // Description: 404 "Customer not found"; supplement §14: POST /beneficial-owners {customerId*, …}.
  'POST /beneficial-owners': () => ({ spec: customers.ownerCreate(), ids: { customerId: unknown('Customer') } }),
  // Description: 404 "Customer or account not found"; supplement §8: source an InternalAccount, destination an ExternalAccount.
  'POST /transfer-out': () => ({ spec: quotes.transferOut(), ids: { 'source.accountId': unknown('InternalAccount'), 'destination.accountId': unknown('ExternalAccount') } }),
  // Supplement §8: a pull's source is an ExternalAccount, its destination an InternalAccount.
  'POST /transfer-in': () => ({ spec: quotes.transferIn(), ids: { 'source.accountId': unknown('ExternalAccount'), 'destination.accountId': unknown('InternalAccount') } }),
  // Description: 404 "Internal account not found"; supplement §17: POST /auth/credentials {type*, accountId*}.
  'POST /auth/credentials': () => ({ spec: wallet.credentialCreate({ accountId: unknown('InternalAccount') }), ids: {} }),
  // Description: 404 "Card, card funding source, or Embedded Wallet funding account not found"; supplement §17: {cardId*, internalAccountId*, nickname*}.
  'POST /auth/delegated-keys': () => ({ spec: wallet.delegatedKeyCreate({ cardId: unknown('Card'), accountId: unknown('InternalAccount') }), ids: {} }),
  // Description: 404 "Document holder not found"; supplement §14: multipart documentHolder* (a Customer or BeneficialOwner id).
  'POST /documents': () => ({ form: documentForm({ documentType: 'PASSPORT', country: 'US', documentHolder: unknown('Customer') }) }),
};

/** Sets each dot path of `ids` in a copy of `body`. */
function withIds(body: Record<string, unknown>, ids: Record<string, string>): Record<string, unknown> {
  const copy = structuredClone(body);
  for (const [path, value] of Object.entries(ids)) {
    const keys = path.split('.');
    let at = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[keys.at(-1)!] = value;
  }
  return copy;
}

/**
 * Operations whose path parameter is no typed id, so no unknown value of it is known to be well formed:
 * their 404 is judged by the scenarios named, with a value of its documented form.
 */
const UNTYPED: Readonly<Record<string, string>> = {
  'GET /receiver/uma/{receiverUmaAddress}': 'a UMA address: UMA_NOT_FOUND for a well-formed address (suites/cross-currency-transfers)',
  'GET /invitations/{invitationCode}': 'an invitation code: INVITATION_NOT_FOUND (suites/invitations/invitations.test.ts)',
  'POST /invitations/{invitationCode}/claim': 'an invitation code: INVITATION_NOT_FOUND (suites/invitations/invitations.test.ts)',
  'POST /invitations/{invitationCode}/cancel': 'an invitation code: INVITATION_NOT_FOUND (suites/invitations/invitations.test.ts)',
  'GET /agents/device-codes/{deviceCode}/status': 'a device code (suites/agent-management)',
};

const unknown = (type: string) => `${type}:${randomUUID()}`;

/**
 * The generated bodies' placeholders: an id no resource has, or, for the party a request acts for (a
 * lookup's sender), a customer the run made, so that the path's resource is the only one unknown.
 */
const placeholders = (customer?: { id: string; umaAddress?: string }) => ({ source: unknown('InternalAccount'), destination: unknown('InternalAccount'), account: unknown('InternalAccount'), customer: customer?.id ?? unknown('Customer'), sender: customer?.umaAddress, parent: unknown('CardTransaction'), quote: unknown('Quote'), code: '123456', sealed: 'AAAA', amount: 100 });
const ACTING_FOR = /"<(customer|sender)>"/;

interface Case {
  op: string;
  area: Area;
  scheme: 'basic' | 'agent';
  method: string;
  template: string;
  params: Record<string, string>;
  body?: Record<string, unknown>;
  form?: FormData;
  query?: Record<string, string>;
  /** The description also documents a 202 for it (an embedded-wallet signed operation answers a signature request). */
  signed: boolean;
}

/**
 * The operations whose description documents a 404 for a resource the request names (in its path by a
 * typed id, in a required query customerId, or in its body): the cases, or why one cannot be made.
 */
function cases(): { made: Case[]; unmade: string[] } {
  const made: Case[] = [];
  const unmade: string[] = [];
  const schemes = operationSchemes();
  for (const d of describedOperations().operations) {
    const notFound = d.responses.find((r) => r.status === 404);
    if (!notFound) continue;
    const entry = operationFor(d.method, d.path);
    if (!entry) continue;
    const op = `${entry.method} ${entry.path}`;
    const names = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    // "Customer not found", "Customer or reset not found": the query customerId names the customer.
    const queryCustomer = d.requiredQuery.includes('customerId') && /^Customer\b/.test(notFound.description);
    const referenced = BODY_REFERENCED[op]?.();
    if (!names.length && !queryCustomer && !referenced) continue;
    const scheme = schemes.get(op);
    if (scheme !== 'basic' && scheme !== 'agent') continue;
    const params: Record<string, string> = {};
    for (const name of names) {
      const type = TYPE_OF_PARAMETER[name] ?? TYPE_OF_PATH.find(([re]) => re.test(entry.path))?.[1];
      // With the customer unknown, the 404 holds whatever the untyped parameter names ("Customer or reset not found").
      if (type) params[name] = unknown(type);
      else if (queryCustomer) params[name] = `unknown-${randomUUID()}`;
    }
    if (Object.keys(params).length !== names.length) {
      if (!UNTYPED[op]) unmade.push(`${op}: a path parameter whose resource type the description gives no example of`);
      continue;
    }
    const query = queryCustomer ? { customerId: unknown('Customer') } : undefined;
    const signed = d.responses.some((r) => r.status === 202);
    if (referenced && 'form' in referenced) {
      made.push({ op, area: entry.area, scheme, method: entry.method, template: entry.path, params, form: referenced.form, query, signed });
      continue;
    }
    const spec = referenced?.spec ?? SPECS[op]?.();
    if (spec?.part === 'form') {
      unmade.push(`${op}: a multipart body`);
      continue;
    }
    const sampled = spec ? fc.sample(validBody(spec.variants[0], 'none'), { seed: seedFor(`not-found ${op}`), numRuns: 1 })[0] : undefined;
    const generated = sampled && referenced ? withIds(sampled, referenced.ids) : sampled;
    made.push({
      op,
      area: entry.area,
      scheme,
      method: entry.method,
      template: entry.path,
      params,
      signed,
      ...(spec?.part === 'query' ? { query: { ...(generated as Record<string, string>), ...query } } : { body: generated ?? (d.method === 'GET' || d.method === 'DELETE' ? undefined : {}), query }),
    });
  }
  return { made, unmade };
}

const { made, unmade } = cases();

describe('A documented 404 for every operation whose request names a resource that does not exist', () => {
  it('has a case for every such operation of the description', () => {
    expect(made.length, 'the description documents a 404 on operations whose path names a resource').toBeGreaterThan(60);
    expect(unmade, `every such operation has a case: ${unmade.join('; ')}`).toEqual([]);
  });
});

for (const area of AREAS.filter((a) => made.some((c) => c.area === a))) {
  const inArea = made.filter((c) => c.area === area);
  describe(`${area}: a documented 404 for a resource that does not exist`, () => {
    scenario({ area, operation: inArea.map((c) => c.op).join(', '), section: 'Errors', basis: 'interface' });

    it(`answers 404 with the error body and a 404 code on ${inArea.length} operations, to a request whose only fault is the unknown resource it names`, async () => {
      const agent = inArea.some((c) => c.scheme === 'agent') ? await connectAgent((await createCustomer(individual())).id) : undefined;
      const party = inArea.some((c) => ACTING_FOR.test(JSON.stringify(c.body ?? c.query ?? {}))) ? await createCustomer(individual()) : undefined;
      const failures: string[] = [];
      await inPool(inArea, WIDTH, async (c) => {
        const auth = c.scheme === 'agent' ? agent!.client.auth : 'basic';
        // Supplement 1: money calls take an Idempotency-Key; a fresh one makes each of these a first request.
        const headers = c.method === 'POST' ? { 'idempotency-key': randomUUID() } : undefined;
        const given = placeholders(party);
        const res = await api.request(c.method, c.template, { params: c.params, body: c.body && fill(c.body, given), form: c.form, query: c.query && (fill(c.query, given) as Record<string, string>), auth, headers });
        // A signed operation may ask for its signature (202) before it looks the resource up: which comes
        // first is not stated, and no session of an unknown resource can sign, so the 404 is then unreachable.
        if (c.signed && res.status === 202 && SignatureRequest.safeParse(res.body).success) {
          noteInterface('not-found:signature-first', [`openapi.yaml, ${c.op}: 202 (a signature request) and 404; which is answered first for an unknown resource is not stated`], `${c.op}: 202 before the lookup`);
          return;
        }
        try {
          expectError(res, 404, undefined, `description: ${c.op} documents 404 for the resource the request names; interface, Errors: a code enumerated for 404`);
        } catch (err) {
          failures.push(`${c.op}: ${(err as Error).message.split('\n').slice(0, 2).join(' ')}`);
        }
      });
      expect(failures, `${failures.length} of ${inArea.length} operations did not answer their documented 404:\n${failures.join('\n')}`).toEqual([]);
    });
  });
}
