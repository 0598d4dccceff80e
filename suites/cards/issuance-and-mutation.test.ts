// Interface: Errors / 400 CARDHOLDER_KYC_NOT_APPROVED ("card cannot be issued unless cardholder KYC is
// APPROVED"); Card state ("Mutating a closed card answers 409 CARD_NOT_MUTABLE").
// Issuance, listing and mutation shapes: basis: supplement (section 9).
import { describe, expect, it } from 'vitest';
import { bareIndividual } from '../../fixtures/customers.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { activeCard, cardholder, getCard, issueCard, patchCard } from '../../helpers/flows/cards.js';
import { createCustomer, customerAccounts } from '../../helpers/flows/customers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Card, Page } from '../../helpers/schemas/index.js';

describe('POST /cards', () => {
  scenario({ area: 'Cards', operation: 'POST /cards', section: 'Errors' });

  it('answers 400 CARDHOLDER_KYC_NOT_APPROVED for a cardholder whose KYC is UNVERIFIED, PENDING or REJECTED', async (ctx) => {
    await basisSupplement('an INDIVIDUAL whose fullName ends in 001 is created PENDING, 002 REJECTED, 003 UNVERIFIED (section 5, sandbox magic)');
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no sandbox magic values to create a customer whose KYC is not APPROVED (SVC_SANDBOX_TRIGGERS=0)');
    for (const [suffix, status] of [['003', 'UNVERIFIED'], ['001', 'PENDING'], ['002', 'REJECTED']] as const) {
      const customer = await createCustomer(bareIndividual({ fullName: `Kyc Status ${suffix}` }));
      expect(customer.kycStatus, `basis: supplement (section 5): an INDIVIDUAL whose fullName ends in ${suffix} is created ${status}`).toBe(status);
      const [account] = await customerAccounts(customer.id);
      const res = await api.post('/cards', { body: { cardholderId: customer.id, form: 'VIRTUAL', fundingSources: [account.id] } });
      expectError(res, 400, 'CARDHOLDER_KYC_NOT_APPROVED', `Errors / 400: CARDHOLDER_KYC_NOT_APPROVED ("card cannot be issued unless cardholder KYC is APPROVED"): a ${status} cardholder`);
      const listed = expectStatus(await api.get('/cards', { query: { cardholderId: customer.id } }), 200, Page(Card), 'GET /cards lists the cardholder\'s cards');
      expect(listed.data, 'a refused issuance leaves no card').toEqual([]);
    }
  });

  it('issues a card to an approved cardholder, listed under the cardholder', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a cardholder account');
    const { customerId, account } = await cardholder();
    const card = await issueCard(customerId, account.id);
    expect(card.fundingSources).toEqual([account.id]);
    const listed = expectStatus(await api.get('/cards', { query: { cardholderId: customerId } }), 200, Page(Card), 'GET /cards lists the cardholder\'s cards');
    expect(listed.data.map((c) => c.id)).toEqual([card.id]);
  });
});

describe('PATCH /cards/{cardId} on a closed card', () => {
  scenario({ area: 'Cards', operation: 'PATCH /cards/{cardId}', section: 'States and transitions' });

  it.for([
    ['fundingSources', (accountId: string) => ({ fundingSources: [accountId] })],
    ['maxSpendPerTransaction', () => ({ maxSpendPerTransaction: 5_000 })],
  ] as const)('answers 409 CARD_NOT_MUTABLE to a change of %s and changes nothing', async ([, body], ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a cardholder account');
    const { card, account } = await activeCard();
    // Control: the same change of the card while ACTIVE is accepted.
    expectStatus(await patchCard(card.id, body(account.id)), 200, Card, 'PATCH /cards/{cardId} of an ACTIVE card');
    expectStatus(await patchCard(card.id, { state: 'CLOSED' }), 200, Card);
    const before = await getCard(card.id);

    const res = await patchCard(card.id, body(account.id));

    expectError(res, 409, 'CARD_NOT_MUTABLE', 'Card state: mutating a closed card answers 409 CARD_NOT_MUTABLE');
    const after = await getCard(card.id);
    expect({ state: after.state, fundingSources: after.fundingSources, max: after.maxSpendPerTransaction }).toEqual({
      state: before.state, fundingSources: before.fundingSources, max: before.maxSpendPerTransaction,
    });
  });
});
