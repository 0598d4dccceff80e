// The response schemas are strict where the interface and the supplement are: required fields,
// enums and formats refuse what the documents do not allow, and accept both forms where they conflict.
import { describe, expect, it } from 'vitest';
import { Customer, InternalAccount, LivenessChallenge, OutgoingTransaction, Page, PlatformConfig, Quote, WalletSignatureChallenge } from '../../helpers/schemas/index.js';
import { Verification } from '../../helpers/schemas/kyc.js';

const uuid = '0b0e7d9c-5f3a-4c1e-9b1d-2a6f3c4d5e6f';
const now = '2026-01-01T00:00:00.000Z';
const usd = { code: 'USD', decimals: 2 };
const eur = { code: 'EUR', decimals: 2 };

const quote = {
  id: `Quote:${uuid}`,
  status: 'PENDING',
  createdAt: now,
  expiresAt: now,
  source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1' },
  destination: { destinationType: 'ACCOUNT', accountId: `ExternalAccount:${uuid}` },
  sendingCurrency: usd,
  receivingCurrency: eur,
  totalSendingAmount: 10_000,
  totalReceivingAmount: 9_150,
  exchangeRate: 1.087,
  feesIncluded: 50,
  transactionId: `Transaction:${uuid}`,
};

const transaction = {
  id: `Transaction:${uuid}`,
  status: 'COMPLETED',
  type: 'OUTGOING',
  direction: 'DEBIT',
  sentAmount: { amount: 10_000, currency: usd },
  receivedAmount: { amount: 9_150, currency: eur },
  customerId: `Customer:${uuid}`,
  platformCustomerId: 'p',
  exchangeRate: 1.087,
  quoteId: `Quote:${uuid}`,
  source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1' },
  destination: { destinationType: 'ACCOUNT', accountId: `ExternalAccount:${uuid}` },
};

describe('Quote', () => {
  it('accepts a quote with every field the supplement stars', () => {
    expect(Quote.safeParse(quote).success).toBe(true);
  });

  it.for(['expiresAt', 'createdAt', 'exchangeRate', 'source', 'destination', 'transactionId', 'feesIncluded'])('refuses a quote without %s', (field) => {
    const { [field]: _dropped, ...rest } = quote as Record<string, unknown>;
    expect(Quote.safeParse(rest).success).toBe(false);
  });

  it('refuses a status outside the enum and an amount that is not an integer', () => {
    expect(Quote.safeParse({ ...quote, status: 'DONE' }).success).toBe(false);
    expect(Quote.safeParse({ ...quote, totalSendingAmount: 100.5 }).success).toBe(false);
  });
});

describe('OutgoingTransaction', () => {
  it('carries a refund on a FAILED payment, or the interface\'s status name REFUND_* (supplement 8: "Tests should accept either")', () => {
    expect(OutgoingTransaction.safeParse({ ...transaction, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', refund: { reference: 'r', initiatedAt: now, status: 'COMPLETED' } }).success).toBe(true);
    expect(OutgoingTransaction.safeParse({ ...transaction, status: 'REFUND_COMPLETED' }).success).toBe(true);
  });

  it('refuses a removed failure reason and a status outside the enums', () => {
    expect(OutgoingTransaction.safeParse({ ...transaction, status: 'FAILED', failureReason: 'SETTLEMENT_FAILED' }).success).toBe(false);
    expect(OutgoingTransaction.safeParse({ ...transaction, status: 'SETTLED' }).success).toBe(false);
  });

  it('takes fees and platformFees as the description types them: integers of the smallest unit, not money', () => {
    expect(OutgoingTransaction.safeParse({ ...transaction, fees: 50, platformFees: 10 }).success).toBe(true);
    expect(OutgoingTransaction.safeParse({ ...transaction, platformFees: { amount: 10, currency: usd } }).success).toBe(false);
    expect(OutgoingTransaction.safeParse({ ...transaction, fees: { amount: 50, currency: usd } }).success).toBe(false);
    expect(OutgoingTransaction.safeParse({ ...transaction, fees: -1 }).success).toBe(false);
  });

  it('takes paymentRail and railSelectionMode from the described enums, or null', () => {
    expect(OutgoingTransaction.safeParse({ ...transaction, paymentRail: 'SEPA', railSelectionMode: 'AUTO' }).success).toBe(true);
    expect(OutgoingTransaction.safeParse({ ...transaction, paymentRail: null, railSelectionMode: null }).success).toBe(true);
    expect(OutgoingTransaction.safeParse({ ...transaction, paymentRail: 'UMA' }).success).toBe(false);
    expect(OutgoingTransaction.safeParse({ ...transaction, railSelectionMode: 'AUTOMATIC' }).success).toBe(false);
  });
});

describe('enums of the records', () => {
  it('refuses an internal account type, a customer type or a kycStatus outside the enums', () => {
    const account = { id: 'InternalAccount:1', type: 'INTERNAL_FIAT', status: 'ACTIVE', balance: { amount: 0, currency: { ...usd, name: 'US Dollar', symbol: '$' } }, totalBalance: { amount: 0, currency: { ...usd, name: 'US Dollar', symbol: '$' } }, fundingPaymentInstructions: [], createdAt: now, updatedAt: now };
    expect(InternalAccount.safeParse(account).success).toBe(true);
    expect(InternalAccount.safeParse({ ...account, type: 'SAVINGS' }).success).toBe(false);
    const customer = { id: `Customer:${uuid}`, platformCustomerId: 'p', customerType: 'INDIVIDUAL', umaAddress: '$p@sandbox.uma.money', kycStatus: 'APPROVED', createdAt: now, updatedAt: now };
    expect(Customer.safeParse(customer).success).toBe(true);
    expect(Customer.safeParse({ ...customer, customerType: 'PERSON' }).success).toBe(false);
    expect(Customer.safeParse({ ...customer, kycStatus: 'OK' }).success).toBe(false);
  });

  it('requires the challenge method and the verification status of the supplement', () => {
    expect(WalletSignatureChallenge.safeParse({ messageToSign: 'm', expiresAt: now }).success).toBe(false);
    expect(WalletSignatureChallenge.safeParse({ method: 'WALLET_SIGNATURE', messageToSign: 'm', expiresAt: now }).success).toBe(true);
    expect(LivenessChallenge.safeParse({ method: 'LIVENESS', verificationLink: 'not a link', expiresAt: now }).success).toBe(false);
    const verification = { id: `Verification:${uuid}`, customerId: `Customer:${uuid}`, verificationStatus: 'IN_PROGRESS', errors: [], createdAt: now };
    expect(Verification.safeParse(verification).success).toBe(true);
    expect(Verification.safeParse({ ...verification, verificationStatus: 'DONE' }).success).toBe(false);
  });
});

describe('lists and configuration', () => {
  it('requires data and hasMore (description: CustomerListResponse); the cursor rule is supplement 1\'s, beside the schema', () => {
    const page = Page(Customer);
    expect(page.safeParse({ data: [] }).success).toBe(false);
    expect(page.safeParse({ data: [], hasMore: true }).success).toBe(true);
    expect(page.safeParse({ data: [], hasMore: true, nextCursor: '2' }).success).toBe(true);
  });

  it('reads fee configurations with their basis points and fixed fee', () => {
    const fee = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 25, fixedFee: { amount: 10, currency: 'USD' } };
    expect(PlatformConfig.safeParse({ feeConfigs: [fee] }).success).toBe(true);
    expect(PlatformConfig.safeParse({ feeConfigs: [{ ...fee, variableFeeBps: 10_001 }] }).success).toBe(false);
    expect(PlatformConfig.safeParse({ feeConfigs: [{ ...fee, fixedFee: { amount: -1, currency: 'USD' } }] }).success).toBe(false);
    expect(PlatformConfig.safeParse({ feeConfigs: [{ ...fee, sourceCurrency: 'EUR' }] }).success, 'description, FeeConfig: sourceCurrency a string (supplement 2 refuses others on PATCH, 501)').toBe(true);
  });

  it('requires the starred fields of a supported currency', () => {
    const currency = { currencyCode: 'USD', minAmount: 1, maxAmount: 100_000, requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] };
    expect(PlatformConfig.safeParse({ supportedCurrencies: [currency] }).success).toBe(true);
    for (const field of ['currencyCode', 'minAmount', 'maxAmount', 'requiredCounterpartyFields', 'enabledTransactionTypes']) {
      expect(PlatformConfig.safeParse({ supportedCurrencies: [{ ...currency, [field]: undefined }] }).success, `${field} is required`).toBe(false);
    }
    expect(PlatformConfig.safeParse({ supportedCurrencies: [{ ...currency, enabledTransactionTypes: ['SIDEWAYS'] }] }).success).toBe(false);
  });
});
