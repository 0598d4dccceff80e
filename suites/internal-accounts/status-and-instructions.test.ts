// Interface: States and transitions / Internal account status (PENDING provisioning, ACTIVE, CLOSED
// customer-initiated, FROZEN, FAILED provisioning failed; INTERNAL_ACCOUNT.STATUS_UPDATED on status
// changes); Events (INTERNAL_ACCOUNT.STATUS_UPDATED, data InternalAccount). Supplement section 26
// (INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED when fundingPaymentInstructions change: coordinates added
// or withdrawn; data InternalAccount). The triggers are the target's sandbox triggers, declared as
// SVC_INTERNAL_ACCOUNT_TRIGGERS and SVC_PROVISIONING_HOLD_SUFFIX: no state is observed by racing a timer.
import { describe, expect, it, type TestContext } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectEvents } from '../../helpers/events.js';
import { expectStatus, expectTransition } from '../../helpers/expect.js';
import { accountIn, activeAccount, createCustomer, customerAccounts } from '../../helpers/flows/customers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { currencyCode } from '../../helpers/schemas/common.js';
import { InternalAccountRecord } from '../../helpers/schemas/internal-accounts.js';
import { ids } from '../../helpers/spec/catalog.js';

const trigger = (name: string, accountId: string, body?: unknown) => api.post(`/sandbox/internal-accounts/{accountId}/${name}`, { params: { accountId }, body });
function needTrigger(ctx: TestContext, name: string, covers: string[]) {
  requireCapability(ctx, capabilities.sandboxTriggers && capabilities.customerTriggers.internalAccountTriggers.includes(name), `the target declares no ${name} trigger for internal accounts (SVC_INTERNAL_ACCOUNT_TRIGGERS)`, covers);
}
const statusEvent = (status: string) => ({ type: 'INTERNAL_ACCOUNT.STATUS_UPDATED', where: (d: Record<string, any>) => d.status === status, what: `status ${status}` });

/** A customer whose accounts the target holds PENDING until a trigger (SVC_PROVISIONING_HOLD_SUFFIX). */
async function heldAccount(ctx: TestContext, covers: string[]) {
  const suffix = capabilities.customerTriggers.provisioningHoldSuffix;
  requireCapability(ctx, suffix !== undefined, 'the target declares no way to hold provisioning (SVC_PROVISIONING_HOLD_SUFFIX)', covers);
  const customer = await createCustomer(individual({ platformCustomerId: `conf-${crypto.randomUUID()}-${suffix}` }));
  const [account] = await customerAccounts(customer.id);
  expect(account, 'the customer has an internal account').toBeDefined();
  expect(account.status, 'States: PENDING (provisioning), held by the declared trigger').toBe('PENDING');
  return { customer, account };
}

describe('Internal account status changes', () => {
  scenario({ area: 'Internal Accounts', operation: 'Internal account status', section: 'States and transitions' });

  it('moves PENDING to FAILED when provisioning fails, announced by INTERNAL_ACCOUNT.STATUS_UPDATED', async (ctx) => {
    const covers = [ids.transition('internal-account', 'PENDING', 'FAILED')];
    needTrigger(ctx, 'fail', covers);
    const { customer, account } = await heldAccount(ctx, covers);
    const since = await listener.mark();
    expectStatus(await trigger('fail', account.id), 200, InternalAccountRecord, 'the sandbox trigger fails the provisioning');
    const [event] = await expectEvents(account.id, [statusEvent('FAILED')], { since });
    expectTransition('internal-account', account.status, event.data.status, 'PENDING', 'FAILED');
    expect((await accountIn(customer.id, currencyCode(account.balance.currency))).status).toBe('FAILED');
  });

  it('moves ACTIVE to CLOSED, announced by INTERNAL_ACCOUNT.STATUS_UPDATED', async (ctx) => {
    const covers = [ids.transition('internal-account', 'ACTIVE', 'CLOSED')];
    needTrigger(ctx, 'close', covers);
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id);
    const since = await listener.mark();
    expectStatus(await trigger('close', account.id), 200, InternalAccountRecord, 'the sandbox trigger closes the account');
    const [event] = await expectEvents(account.id, [statusEvent('CLOSED')], { since });
    expectTransition('internal-account', account.status, event.data.status, 'ACTIVE', 'CLOSED');
    expect((await accountIn(customer.id, currencyCode(account.balance.currency))).status).toBe('CLOSED');
  });
});

describe('INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED', () => {
  scenario({ area: 'Internal Accounts', operation: 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED', section: 'Events', basis: 'supplement' });

  it('is sent with the account when coordinates are added to its funding instructions, and again when they are withdrawn', async (ctx) => {
    needTrigger(ctx, 'funding-instructions', [ids.event('INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED')]);
    await basisSupplement('FUNDING_INSTRUCTIONS_UPDATED when fundingPaymentInstructions change: coordinates added or withdrawn; data InternalAccount (section 26)');
    const customer = await createCustomer(individual());
    const account = InternalAccountRecord.parse(await activeAccount(customer.id));
    const before = account.fundingPaymentInstructions.length;

    const since = await listener.mark();
    const added = expectStatus(await trigger('funding-instructions', account.id, { change: 'ADD' }), 200, InternalAccountRecord);
    expect(added.fundingPaymentInstructions.length, 'coordinates were added').toBe(before + 1);
    await expectEvents(account.id, [{
      type: 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED',
      where: (d) => InternalAccountRecord.safeParse(d).success && d.fundingPaymentInstructions.length === before + 1,
      what: 'data: the account with the added coordinates',
    }], { since });
    expect((await accountIn(customer.id, 'USD')).fundingPaymentInstructions.length, 'the account reads with the added coordinates').toBe(before + 1);

    const since2 = await listener.mark();
    const withdrawn = expectStatus(await trigger('funding-instructions', account.id, { change: 'WITHDRAW' }), 200, InternalAccountRecord);
    expect(withdrawn.fundingPaymentInstructions.length, 'coordinates were withdrawn').toBe(before);
    await expectEvents(account.id, [{
      type: 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED',
      where: (d) => d.fundingPaymentInstructions.length === before,
      what: 'data: the account without the withdrawn coordinates',
    }], { since: since2 });
  });
});
