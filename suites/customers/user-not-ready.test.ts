// Interface: Customer KYC status ("ramp conversions require approved KYC"); Cross-Currency Transfers
// (fiat-to-crypto and crypto-to-fiat conversions). Supplement section 1 lists 403 USER_NOT_READY and
// section 28.3 ties it to no operation: the target declares where it answers it
// (SVC_USER_NOT_READY_ON_RAMP_QUOTE: POST /quotes converting between fiat and crypto for a customer
// whose KYC is not APPROVED). The customer not yet approved is the supplement's fullName ending 001
// (PENDING at creation, section 5).
import { describe, expect, it } from 'vitest';
import { expectError, noteInterface } from '../../helpers/expect.js';
import { getCustomerRecord } from '../../helpers/flows/kyc.js';
import { balanceOf, createQuote, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';

describe('A customer not ready for ramp conversions', () => {
  scenario({ area: 'Customers', operation: 'POST /quotes', section: 'Customer KYC status' });

  it('refuses a fiat-to-crypto conversion of a customer whose KYC is not APPROVED with 403 USER_NOT_READY, and converts for an approved customer', async (ctx) => {
    requireCapability(
      ctx,
      capabilities.customerTriggers.userNotReadyOnRampQuote && capabilities.sandboxTriggers,
      'the target declares no operation answering USER_NOT_READY (SVC_USER_NOT_READY_ON_RAMP_QUOTE; supplement 28.3)',
      ['error:403:USER_NOT_READY'],
    );
    await basisSupplement('403 USER_NOT_READY (section 1); fullName ending 001 is PENDING at creation (section 5)');
    const pending = await sender({ USD: 100_000, USDC: 0 }, true, { fullName: 'Nora Pending 001' });
    const kyc = (await getCustomerRecord(pending.customerId)).kycStatus;
    expect(kyc, 'Supplement 5: an INDIVIDUAL whose fullName ends 001 is PENDING at creation').toBe('PENDING');
    const res = await api.post('/quotes', { body: quoteBody(pending.accounts.USD.id, pending.accounts.USDC.id, 10_000) });
    expectError(res, 403, 'USER_NOT_READY', 'Customer KYC status: ramp conversions require approved KYC');
    expect(await balanceOf(pending.customerId, pending.accounts.USD.id), 'a refused conversion moves no money').toBe(100_000);
    noteInterface(
      'customers:user-not-ready-operation',
      ['Customer KYC status: "ramp conversions require approved KYC"', 'Supplement 1: 403 USER_NOT_READY', 'Supplement 28.3: which operation returns USER_NOT_READY is not stated'],
      `POST /quotes (USD to USDC) for a customer whose kycStatus is ${kyc}: ${res.status} ${(res.body as { code?: string }).code}`,
    );

    // Control: the same conversion for an approved customer.
    const approved = await sender({ USD: 100_000, USDC: 0 });
    expect((await getCustomerRecord(approved.customerId)).kycStatus, 'declared with the sandbox triggers (SVC_SANDBOX_TRIGGERS): a complete individual without name magic ends APPROVED').toBe('APPROVED');
    await createQuote(quoteBody(approved.accounts.USD.id, approved.accounts.USDC.id, 10_000));
  });
});
