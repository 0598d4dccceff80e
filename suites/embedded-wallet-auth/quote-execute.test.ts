// Interface: POST /quotes/{quoteId}/execute; Authentication 4 (WALLET_SIGNATURE_MISSING,
// WALLET_SIGNATURE_INVALID). The one-step wallet signature of a quote from an EMBEDDED_WALLET account:
// basis: supplement (section 10: "Quote execute: one step: Svc-Wallet-Signature over the quote's
// paymentInstructions[].accountOrWalletInfo.payloadToSign (EMBEDDED_WALLET); no Request-Id"; section 17:
// the 401 codes apply to the "wallet-sourced quote execute", WALLET_SIGNATURE_MISSING "header absent on
// retry/execute", WALLET_SIGNATURE_INVALID "fails verification"; section 8: immediatelyExecute "not
// EMBEDDED_WALLET").
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { consent } from '../../fixtures/customers.js';
import { fund } from '../../helpers/flows/customers.js';
import { balanceOf, quoteBody, termsVersion, walletWithoutTrigger } from '../../helpers/flows/transfers.js';
import { needEmbeddedWallet, otpLogin, SIGNATURE_HEADER, walletAccount } from '../../helpers/flows/wallet.js';
import { expectClientError, expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, Quote } from '../../helpers/schemas/index.js';
import { wallets } from '../../helpers/wallets/index.js';
import { SessionKey } from '../../helpers/wallets/stamp.js';

const WalletInstructions = z.looseObject({
  paymentInstructions: z.array(z.looseObject({ accountOrWalletInfo: z.looseObject({ accountType: z.string(), payloadToSign: z.string().optional() }) })),
});
const EXECUTE = '/quotes/{quoteId}/execute';

describe('POST /quotes/{quoteId}/execute from an EMBEDDED_WALLET account', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'POST /quotes/{quoteId}/execute', section: 'Authentication', basis: 'supplement' });

  it('answers 401 WALLET_SIGNATURE_MISSING without the stamp and 401 WALLET_SIGNATURE_INVALID with a stamp by a key that is not a session, moving no money; a session\'s stamp over payloadToSign executes it; immediatelyExecute is refused', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_MISSING', 'error:401:WALLET_SIGNATURE_INVALID']);
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund an embedded wallet');
    await basisSupplement('section 10: quote execute, one step: Svc-Wallet-Signature over paymentInstructions[].accountOrWalletInfo.payloadToSign (EMBEDDED_WALLET), no Request-Id; section 17: WALLET_SIGNATURE_MISSING header absent on execute, WALLET_SIGNATURE_INVALID fails verification');
    const { customerId, account, emailOtp } = await walletAccount({ currencies: ['USDC'], endUserTermsConsent: consent(await termsVersion()) });
    const { key } = await otpLogin(emailOtp);
    const funded = (await fund(account.id, 5_000_000)).balance.amount;
    // Its payment is meant to complete: the address ends in no trigger digits.
    const wallet = walletWithoutTrigger(() => wallets.evm());
    const destination = expectStatus(await api.post('/customers/external-accounts', {
      body: { customerId, currency: 'USDC', ownershipType: 'THIRD_PARTY', accountInfo: { accountType: wallet.accountType, address: wallet.address, beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Wallet Holder', countryOfResidence: 'US' } } },
    }), 201, ExternalAccount);

    const quote = expectStatus(await api.post('/quotes', { body: quoteBody(account.id, destination.id, 1_000_000) }), 201, Quote);
    const instructions = WalletInstructions.parse(quote).paymentInstructions.map((p) => p.accountOrWalletInfo).filter((i) => i.accountType === 'EMBEDDED_WALLET');
    expect(instructions, 'supplement 10: the quote carries paymentInstructions[].accountOrWalletInfo of type EMBEDDED_WALLET').toHaveLength(1);
    const payloadToSign = instructions[0]!.payloadToSign;
    expect(payloadToSign, 'supplement 10: ...accountOrWalletInfo.payloadToSign').toEqual(expect.any(String));

    const execute = (headers: Record<string, string> = {}) => api.post(EXECUTE, { params: { quoteId: quote.id }, headers });
    expectError(await execute(), 401, 'WALLET_SIGNATURE_MISSING', 'supplement 17: header absent on execute');
    expectError(await execute({ [SIGNATURE_HEADER]: new SessionKey().stamp(payloadToSign!) }), 401, 'WALLET_SIGNATURE_INVALID', 'a stamp by a key that is no session of the wallet fails verification');
    expect(await balanceOf(customerId, account.id), 'a refused execute moves no money').toBe(funded);

    const executed = expectStatus(await execute({ [SIGNATURE_HEADER]: key.stamp(payloadToSign!) }), 200, Quote, 'control: the session\'s stamp over payloadToSign, no Request-Id');
    expect(executed.id).toBe(quote.id);
    expect(await balanceOf(customerId, account.id), 'execute debits the wallet the sending total, to the smallest unit').toBe(funded - quote.totalSendingAmount);

    // Supplement 8: immediatelyExecute is for internal-account or pull-capable sources only, not
    // EMBEDDED_WALLET (whose signature is over the quote's own payloadToSign): refused, no money moves.
    const immediate = await api.post('/quotes', { body: quoteBody(account.id, destination.id, 1_000_000, { immediatelyExecute: true }) });
    const refusal = expectClientError(immediate, 'supplement 8: immediatelyExecute ... not EMBEDDED_WALLET: refused');
    noteInterface('embedded-wallet-auth:immediate-execute-refusal', ['supplement 8: immediatelyExecute? (default false; internal-account or pull-capable sources only, not EMBEDDED_WALLET)'], `${immediate.status} ${refusal.code}`);
    expect(await balanceOf(customerId, account.id), 'a refused immediatelyExecute moves no money').toBe(funded - quote.totalSendingAmount);
  });
});
