// Interface: Cards ("Issue debit cards against an internal account ... manage funding sources"); Events,
// CARD_TRANSACTION.* and INTERNAL_ACCOUNT.BALANCE_UPDATED. An Embedded Wallet funding source and the
// delegated key it needs: Description, createCard ("If any funding source is an Embedded Wallet internal
// account, the cardholder must authorize Svc to sign Spark token transactions for that card funding
// source by completing the delegated-key creation flow with `POST /auth/delegated-keys`. Until an active
// delegated key exists for that funding source, Authorization Decisioning cannot use it to fund card
// transactions."), createDelegatedKey ("A flow abandoned after the second leg leaves the key in `PENDING`
// status: the signer identity exists but holds no policies, so it cannot sign or revoke itself"; "After
// activation, Svc uses the custodied key to authorize signing for the card's Embedded Wallet funding
// account in place of a session keypair"). basis: supplement (sections 9, 17 and 25).
import { describe, expect, it } from 'vitest';
import { expectEvents, quietPeriod, waitForEvent } from '../../helpers/events.js';
import { expectSchema, expectStatus } from '../../helpers/expect.js';
import { cardTransactions, purchase, simulate } from '../../helpers/flows/cards.js';
import { completedDelegatedKey, DELEGATED_KEYS, delegatedKeyLegs, fundedWalletCard } from '../../helpers/flows/delegated-keys.js';
import { balanceOf } from '../../helpers/flows/transfers.js';
import { needEmbeddedWallet } from '../../helpers/flows/wallet.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { currencyCode } from '../../helpers/schemas/common.js';
import { CardTransaction } from '../../helpers/schemas/index.js';
import { DelegatedKeyList } from '../../helpers/schemas/wallet.js';

const UNTIL_ACTIVE = 'Description, createCard: "Until an active delegated key exists for that funding source, Authorization Decisioning cannot use it to fund card transactions"';
const NEEDS_ACTIVE = 'supplement 25: "EW funding source | needs an ACTIVE delegated key (§17)"';
const PENDING_CANNOT_SIGN = 'supplement 17: "Delegated key abandoned after leg 2 stays PENDING (cannot sign, does not block another)"';
const ACTIVE_SIGNS = 'Description, createDelegatedKey: "After activation, Svc uses the custodied key to authorize signing for the card\'s Embedded Wallet funding account in place of a session keypair"';
const REQUIRE_201 = 'Description, createCard 201: "Cards funded by an Embedded Wallet internal account also require an active delegated key for that funding source before Authorization Decisioning can use it"';
const SINGLE_MESSAGE = 'Description, sandboxSimulateCardFinancialAuthorization: "a single-message financial authorization (an authorization that clears in the same message ...)"';
const FUNDED_BY = 'Description, CardTransaction.accountId: "Internal account id that funded this transaction (the funding source selected by Authorization Decisioning at auth time)"';

const txn = (status: string) => ({ type: `CARD_TRANSACTION.${status}`, where: (d: Record<string, any>) => d.status === status, what: status });

describe('POST /sandbox/cards/{cardId}/simulate/financial_authorization: a card funded by an Embedded Wallet only', () => {
  scenario({ area: 'Cards', operation: 'POST /sandbox/cards/{cardId}/simulate/{name}', section: 'Functional areas', basis: 'supplement' });

  it('declines an authorization while the wallet\'s delegated key is PENDING, drawing nothing; approves the same authorization once a key is ACTIVE, drawing its amount from the wallet', async (ctx) => {
    needEmbeddedWallet(ctx, ['event:CARD_TRANSACTION.AUTHORIZED', 'event:CARD_TRANSACTION.SETTLED']);
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target has no card simulation or account funding triggers');
    await basisSupplement('section 9: simulate financial_authorization, descriptor "other approved"; section 17: a delegated key abandoned after leg 2 stays PENDING (cannot sign); section 25: EW funding source needs an ACTIVE delegated key');
    const { customerId, account, card, call, key } = await fundedWalletCard(1_000_000);
    const funded = account.balance.amount;
    // Description, Card.currency: "Derived from the funding sources at issue time": the wallet's currency.
    // The authorization is in the card's currency (a foreign-currency card authorization is not stated).
    const body = purchase(2_500, 'SANDBOX COFFEE 000', currencyCode(account.balance.currency));

    // The flow abandoned after the first signed leg: the card's only key for the wallet is PENDING.
    await delegatedKeyLegs(call, key);
    const keys = expectStatus(await api.get(DELEGATED_KEYS, { query: { accountId: account.id } }), 200, DelegatedKeyList).data.filter((k) => k.cardId === card.id);
    expect(keys.map((k) => k.status), `${PENDING_CANNOT_SIGN}: the card's one key for the wallet is PENDING`).toEqual(['PENDING']);

    // How a decline shows is not stated; as the card scenarios rely on (card-transactions.test.ts), a
    // declined authorization leaves no card transaction (CardTransaction.status has no declined state,
    // supplement 9) and moves no money. The result "arrives async" (supplement 9): it is read after a
    // quiet period, and the key is completed only then, so an issuer that decides when it applies the
    // simulation still finds the key PENDING.
    let since = await listener.mark();
    const declined = await simulate(card.id, 'financial_authorization', body);
    await quietPeriod(since);
    const none = await cardTransactions(customerId, card.id);
    expect(none.map((t) => t.issuerTransactionToken), `${UNTIL_ACTIVE}; ${PENDING_CANNOT_SIGN}: with the wallet the card's only source and its key PENDING, the authorization is declined: no card transaction`).not.toContain(declined);
    expect(await balanceOf(customerId, account.id), `${UNTIL_ACTIVE}; ${NEEDS_ACTIVE}: the declined authorization draws nothing from the wallet`).toBe(funded);

    // Control: a key completed ACTIVE (the PENDING one does not block it, supplement 17), the same authorization.
    const active = await completedDelegatedKey(call, key);
    expect([active.status, active.cardId, active.accountId], `${ACTIVE_SIGNS}: an ACTIVE key for this card and wallet`).toEqual(['ACTIVE', card.id, account.id]);
    since = await listener.mark();
    const approved = await simulate(card.id, 'financial_authorization', body);
    await waitForEvent(card.id, (n) => n.type === 'CARD_TRANSACTION.AUTHORIZED' && n.data.issuerTransactionToken === approved, `${REQUIRE_201}; ${ACTIVE_SIGNS}: with an ACTIVE key the same authorization is approved (CARD_TRANSACTION.AUTHORIZED for ${approved})`, { since });
    const events = await expectEvents(card.id, [txn('AUTHORIZED'), txn('SETTLED')], { since, about: 'cardId' });
    const [authorized, settled] = events.map((e, i) => expectSchema(CardTransaction, e.data, `the data of ${events[i]!.type} (the full card transaction)`));
    expect([authorized!.issuerTransactionToken, settled!.issuerTransactionToken], 'supplement 9: the card transaction carries the simulation\'s issuerTransactionToken').toEqual([approved, approved]);
    expect(settled!.accountId, `${FUNDED_BY}: the wallet, the card's only source`).toBe(account.id);
    expect(settled!.settledAmount?.amount, `${SINGLE_MESSAGE}: it settles its whole amount at once`).toBe(2_500);
    await expectEvents(account.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === funded - 2_500, what: `balance ${funded - 2_500}` }], { since });
    expect(await balanceOf(customerId, account.id), `${SINGLE_MESSAGE}; ${FUNDED_BY}: the wallet is drawn exactly the authorized 2500`).toBe(funded - 2_500);
    const listed = (await cardTransactions(customerId, card.id)).map((t) => t.issuerTransactionToken);
    expect(listed, 'supplement 9: "find the card transaction id via GET /transactions (type: CARD)": the approved authorization is listed').toContain(approved);
    expect(listed, `${UNTIL_ACTIVE}: the authorization declined while the key was PENDING stays without a card transaction`).not.toContain(declined);
  });
});
