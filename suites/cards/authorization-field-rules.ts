// The field-rule scenarios of the card simulations of an authorization (helpers/field-rules/cards.ts),
// for the names a test file gives: simulate-authorization-field-rules.test.ts (debit) and
// simulate-credit-field-rules.test.ts (credit), two files so each stays short. Interface: Versioning 2
// ("ten sandbox simulate endpoints"); Errors (FieldError dot paths). basis: supplement (section 9:
// {amount*: int64, currency*: {code}, merchant*: {descriptor*, mcc?, country?}}, 202
// {issuerTransactionToken}, the card transaction found among GET /transactions' items of type CARD).
import { describe, expect, it } from 'vitest';
import { eventually } from '../../helpers/eventually.js';
import { noteInterface } from '../../helpers/expect.js';
import { activeCard, cardTransactions } from '../../helpers/flows/cards.js';
import { api, capabilities } from '../../helpers/harness.js';
import { type AUTHORIZATION_NAMES, cardAuthorization } from '../../helpers/field-rules/cards.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { SimulationAccepted } from '../../helpers/schemas/index.js';

/** What the documents say of credit_authorization_advice: its body and the simulations' answer, nothing of what it does to amounts. */
export const ADVICE_SENTENCES = [
  'supplement 9: simulate credit_authorization_advice {amount*: int64, currency*: {code}, merchant*: {descriptor*, mcc?, country?}} (the authorization body)',
  'supplement 9: POST /sandbox/cards/{id}/simulate/<name> → 202 {issuerTransactionToken}; result arrives async; find the card transaction id via GET /transactions (type: CARD)',
  'interface: silent on credit_authorization_advice; whether it creates a credit authorization or changes an existing one, and to what total, is not stated',
];

export function describeAuthorizationRules(names: readonly (typeof AUTHORIZATION_NAMES)[number][]): void {
  for (const name of names) {
    const SIMULATE = `POST /sandbox/cards/{cardId}/simulate/${name}`;
    const cardAuthorizationSpec = () => cardAuthorization(name);
    describe(SIMULATE, () => {
      scenario({ area: 'Sandbox', operation: SIMULATE, section: 'States and transitions', basis: 'supplement' });

      it('refuses every authorization that breaks one documented field rule with 400 INVALID_INPUT naming the field, and starts no card transaction', async (ctx) => {
        requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulations');
        await basisSupplement(`section 9: simulate ${name} {amount*, currency*{code}, merchant*{descriptor*, mcc?, country?}}; generated, one rule broken per request`);
        const { card, customerId } = await activeCard();
        await checkRulesRefused({
          spec: cardAuthorizationSpec(),
          send: (body) => api.post(SIMULATE.slice(5), { params: { cardId: card.id }, body }),
          unchanged: async (rule) => expect(await cardTransactions(customerId, card.id), `authorizations breaking ${rule.id} were refused and left no card transaction`).toEqual([]),
        });
      });

      it('accepts valid authorizations (202 with an issuer token) and the card transaction carries the amount authorized', async (ctx) => {
        requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulations');
        await basisSupplement('section 9: simulate → 202 {issuerTransactionToken}; the card transaction is found by GET /transactions (items of type CARD)');
        const { card, customerId } = await activeCard();
        await checkValidAccepted({
          spec: cardAuthorizationSpec(),
          send: (body) => api.post(SIMULATE.slice(5), { params: { cardId: card.id }, body }),
          created: { status: 202, schema: SimulationAccepted },
          // No GET of a simulation: its card transaction, found by the issuer token, is the read-back.
          readBack: async (accepted) => {
            const found = await eventually(
              async () => (await cardTransactions(customerId, card.id)).find((t) => t.issuerTransactionToken === accepted.issuerTransactionToken),
              (t) => t !== undefined,
              { timeoutMs: capabilities.eventTimeoutMs, what: `the card transaction of ${accepted.issuerTransactionToken}` },
            );
            return api.get('/transactions/{transactionId}', { params: { transactionId: found!.id } });
          },
          echoes: () => false,
          then: async (sent, accepted) => {
            const t = (await cardTransactions(customerId, card.id)).find((x) => x.issuerTransactionToken === accepted.issuerTransactionToken);
            if (name === 'credit_authorization_advice') {
              // The documents give the advice its body, not its effect on amounts: recorded, not judged.
              noteInterface('cards:credit-authorization-advice-effect', ADVICE_SENTENCES, `an advice of ${sent.amount} (no parent named) gave card transaction ${t?.id} status ${t?.status}, authorizedAmount ${t?.authorizedAmount.amount}`);
              return;
            }
            expect(t?.authorizedAmount.amount, `supplement §9: the authorization of ${sent.amount} is the card transaction's authorizedAmount`).toBe(sent.amount);
          },
        });
      });
    });
  }
}
