// Flows the scenarios share: customers, their internal accounts, funding. Each step asserts what
// the interface says of it, so a setup step that breaks a rule fails where it broke.
import { expectSchema, expectStatus } from '../expect.js';
import { waitForEvent } from '../events.js';
import { api } from '../harness.js';
import { Customer, InternalAccount, Page } from '../schemas/index.js';

export async function createCustomer(body: Record<string, unknown>): Promise<Customer> {
  return expectStatus(await api.post('/customers', { body }), 201, Customer, 'POST /customers creates a customer');
}

/** basis: supplement (section 6): GET /customers/internal-accounts?customerId= lists a customer's accounts. */
export async function customerAccounts(customerId: string): Promise<InternalAccount[]> {
  const res = await api.get('/customers/internal-accounts', { query: { customerId } });
  return expectStatus(res, 200, Page(InternalAccount), 'GET /customers/internal-accounts lists the customer\'s internal accounts').data;
}

export async function accountIn(customerId: string, currency: string): Promise<InternalAccount> {
  const account = (await customerAccounts(customerId)).find((a) => a.balance.currency.code === currency);
  if (!account) throw new Error(`customer ${customerId} has no ${currency} internal account`);
  return account;
}

/** The account once ACTIVE: at once if it is, else when INTERNAL_ACCOUNT.STATUS_UPDATED says so. */
export async function activeAccount(customerId: string, currency = 'USD'): Promise<InternalAccount> {
  const account = await accountIn(customerId, currency);
  if (account.status === 'ACTIVE') return account;
  const event = await waitForEvent(
    account.id,
    (n) => n.type === 'INTERNAL_ACCOUNT.STATUS_UPDATED' && n.data.status === 'ACTIVE',
    'INTERNAL_ACCOUNT.STATUS_UPDATED to ACTIVE',
  );
  return expectSchema(InternalAccount, event.data, 'the data of INTERNAL_ACCOUNT.STATUS_UPDATED (InternalAccount)');
}

/** basis: supplement (section 6): POST /sandbox/internal-accounts/{accountId}/fund. */
export async function fund(accountId: string, amount: number): Promise<InternalAccount> {
  const res = await api.post('/sandbox/internal-accounts/{accountId}/fund', { params: { accountId }, body: { amount } });
  return expectStatus(res, 200, InternalAccount, 'the sandbox funding trigger credits the account');
}
