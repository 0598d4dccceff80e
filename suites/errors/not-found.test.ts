// Description: each operation's documented 404 ("Customer not found", "Card not found", "Quote not
// found", ...), for a request whose path names a resource that does not exist; interface, Errors: the
// error body {status, code, message, details?} with a code "enumerated per status" (404: the codes
// name what is not found). The request is otherwise valid: its body is one the operation's field
// rules generate (helpers/field-rules) or the description's own example, so the only thing wrong with
// it is the resource it names. Each unknown id has the `<TypeName>:<uuid>` form of the description's
// examples of that resource, so it is well formed. The requests are independent and go out together.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inPool } from '../../helpers/concurrency.js';
import { expectError } from '../../helpers/expect.js';
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
};

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
  'DELETE /sca/factors/{credentialId}': 'an SCA factor id, whose form no document gives (suites/strong-customer-authentication)',
  'GET /sca/factors/reset/{resetId}': 'a factor reset id, whose form no document gives (suites/strong-customer-authentication)',
  'POST /sca/factors/reset/{resetId}/complete': 'a factor reset id, whose form no document gives',
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
  query?: Record<string, string>;
}

/** The operations whose description documents a 404 and whose path names each resource by a typed id: the cases, or why one cannot be made. */
function cases(): { made: Case[]; unmade: string[] } {
  const made: Case[] = [];
  const unmade: string[] = [];
  const schemes = operationSchemes();
  for (const d of describedOperations().operations) {
    if (!d.responses.some((r) => r.status === 404)) continue;
    const entry = operationFor(d.method, d.path);
    if (!entry) continue;
    const op = `${entry.method} ${entry.path}`;
    const names = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    if (!names.length) continue;
    const scheme = schemes.get(op);
    if (scheme !== 'basic' && scheme !== 'agent') continue;
    const params: Record<string, string> = {};
    for (const name of names) {
      const type = TYPE_OF_PARAMETER[name] ?? TYPE_OF_PATH.find(([re]) => re.test(entry.path))?.[1];
      if (type) params[name] = unknown(type);
    }
    if (Object.keys(params).length !== names.length) {
      if (!UNTYPED[op]) unmade.push(`${op}: a path parameter whose resource type the description gives no example of`);
      continue;
    }
    const spec = SPECS[op]?.();
    if (spec?.part === 'form') {
      unmade.push(`${op}: a multipart body`);
      continue;
    }
    const generated = spec ? fc.sample(validBody(spec.variants[0], 'none'), { seed: seedFor(`not-found ${op}`), numRuns: 1 })[0] : undefined;
    made.push({
      op,
      area: entry.area,
      scheme,
      method: entry.method,
      template: entry.path,
      params,
      ...(spec?.part === 'query' ? { query: generated as Record<string, string> } : { body: generated ?? (d.method === 'GET' || d.method === 'DELETE' ? undefined : {}) }),
    });
  }
  return { made, unmade };
}

const { made, unmade } = cases();

describe('A documented 404 for every operation whose path names a resource that does not exist', () => {
  it('has a case for every such operation of the description', () => {
    expect(made.length, 'the description documents a 404 on operations whose path names a resource').toBeGreaterThan(60);
    expect(unmade, `every such operation has a case: ${unmade.join('; ')}`).toEqual([]);
  });
});

for (const area of AREAS.filter((a) => made.some((c) => c.area === a))) {
  const inArea = made.filter((c) => c.area === area);
  describe(`${area}: a documented 404 for a resource that does not exist`, () => {
    scenario({ area, operation: inArea.map((c) => c.op).join(', '), section: 'Errors', basis: 'interface' });

    it(`answers 404 with the error body and a 404 code on ${inArea.length} operations, to a request whose only fault is the unknown resource its path names`, async () => {
      const agent = inArea.some((c) => c.scheme === 'agent') ? await connectAgent((await createCustomer(individual())).id) : undefined;
      const party = inArea.some((c) => ACTING_FOR.test(JSON.stringify(c.body ?? c.query ?? {}))) ? await createCustomer(individual()) : undefined;
      const failures: string[] = [];
      await inPool(inArea, WIDTH, async (c) => {
        const auth = c.scheme === 'agent' ? agent!.client.auth : 'basic';
        // Supplement 1: money calls take an Idempotency-Key; a fresh one makes each of these a first request.
        const headers = c.method === 'POST' ? { 'idempotency-key': randomUUID() } : undefined;
        const given = placeholders(party);
        const res = await api.request(c.method, c.template, { params: c.params, body: c.body && fill(c.body, given), query: c.query && (fill(c.query, given) as Record<string, string>), auth, headers });
        try {
          expectError(res, 404, undefined, `description: ${c.op} documents 404 for the resource its path names; interface, Errors: a code enumerated for 404`);
        } catch (err) {
          failures.push(`${c.op}: ${(err as Error).message.split('\n').slice(0, 2).join(' ')}`);
        }
      });
      expect(failures, `${failures.length} of ${inArea.length} operations did not answer their documented 404:\n${failures.join('\n')}`).toEqual([]);
    });
  });
}
