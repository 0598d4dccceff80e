// What this sandbox declares about itself, as a target profile (the file format of the README's
// "Target profiles"): the sandbox triggers it serves, its limits, its Bitcoin-keyed wallet type, the
// region where it applies SCA, its webhook retry bound. `npm run sandbox` prints it, the image
// prints it, and the harness reads it in embedded mode: the sandbox's declarations live here only,
// beside the code that implements them, never copied into the harness.
import { LIMITS } from './cross-currency-transfers/routes.js';
import { WALLET_SYNC_FAILURE_DOMAIN } from './embedded-wallet-auth/triggers.js';

export interface SandboxProfileInput {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookPublicKeyPem: string;
  /** Base delay and attempts of webhook retries: the bound within which a failed delivery is retried. */
  webhookRetryBaseMs: number;
  webhookAttempts: number;
  counterpartyRules: boolean;
  /** How long a card whose platformCardId ends 005 stays PROCESSING. */
  cardActivationDelayMs: number;
  /** How long an incoming payment answered 202 waits for approve or reject. */
  incomingApprovalWindowMs: number;
}

/** Failure reasons by the last three digits of a quote destination (sandbox/cross-currency-transfers). */
export const FAILURE_TRIGGERS: Record<string, string> = {
  QUOTE_EXECUTION_FAILED: '002',
  ACCOUNT_CANNOT_RECEIVE: '004',
  PAYOUT_RETURNED: '005',
  ACCOUNT_INVALID: '008',
  COMPLIANCE_REJECTED: '009',
  LIMIT_EXCEEDED: '011',
};

export function sandboxProfile(input: SandboxProfileInput): Record<string, unknown> {
  // Retries back off exponentially from the base delay: the last retry comes within the sum of the waits.
  let retryWithinMs = 0;
  for (let attempt = 1; attempt < input.webhookAttempts; attempt++) retryWithinMs += input.webhookRetryBaseMs * 2 ** (attempt - 1);
  return {
    name: 'svc-conformance reference sandbox',
    baseUrl: input.baseUrl,
    credentials: { clientId: input.clientId, clientSecret: input.clientSecret },
    webhook: {
      publicKey: input.webhookPublicKeyPem,
      // Twice the computed bound: the delivery queue and the listener's answer take time too.
      retryWithinMs: Math.max(1000, retryWithinMs * 2),
      canUnsetEndpoint: true,
    },
    capabilities: {
      sandboxTriggers: true,
      counterpartyRules: input.counterpartyRules,
      bitcoinWalletType: 'SPARK_WALLET',
      bitcoinAddressForms: ['p2pkh-uncompressed', 'p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark'],
      sca: { region: 'DE', code: '123456' },
      // sandbox/cards: cards are USD cards, funded from USD or USDC accounts of the cardholder.
      cardSecondFundingCurrency: 'USDC',
    },
    triggers: {
      failures: FAILURE_TRIGGERS,
      hold: '012',
      // POST /sandbox/internal-accounts/{id}/freeze and /fail, /sandbox/external-accounts/{id}/liveness.
      state: ['freeze', 'fail', 'liveness'],
      // sandbox/external-accounts: a fiat account number ending 105 is refused as an invalid bank account.
      invalidBankAccount: '105',
      // sandbox/strong-customer-authentication: POST /sandbox/sca/factors/reset/{resetId}/liveness.
      scaFactorReset: true,
      // sandbox/cross-currency-transfers: a destination ending 007 fails, and so does its refund.
      refundFailure: '007',
      // sandbox/transactions/incoming.ts: approved deposits from these senders are returned.
      incomingRefundSenders: { completed: '$fail.compliance.usd@sandbox.uma.money', failed: '$fail.refund.usd@sandbox.uma.money' },
      // sandbox/cards: a platformCardId ending 004 holds the card in PENDING_KYC.
      cardPendingKyc: '004',
      // sandbox/embedded-wallet-auth: POST /sandbox/customers/{customerId}/embedded-wallet.
      embeddedWallet: true,
      // sandbox/embedded-wallet-auth: an email change to this domain fails to sync (424).
      walletSyncFailureEmailDomain: WALLET_SYNC_FAILURE_DOMAIN,
    },
    timings: {
      cardActivationDelayMs: input.cardActivationDelayMs,
      incomingApprovalWindowMs: input.incomingApprovalWindowMs,
    },
    // sandbox/customers, sandbox/kyc-verifications, sandbox/internal-accounts (sandbox/README.md).
    customers: {
      missingMandatoryInfoRegion: 'DE',
      contactVerification: { region: 'DE', code: '123456' },
      documentRejections: { LOW_QUALITY: '991', DATA_MISMATCH: '992', EXPIRED: '993', SUSPECTED_FRAUD: '994', UNSUITABLE_DOCUMENT: '995', INCOMPLETE: '996' },
      verificationReadyWhenResolved: true,
      kycNameMagicAtVerification: true,
      kybPendingWhenOwnerPending: true,
      manualReviewTrigger: true,
      provisioningHoldSuffix: 'HOLD',
      internalAccountTriggers: ['activate', 'fail', 'close', 'funding-instructions'],
      platformAccountCurrencies: ['USD', 'USDC'],
      bulkHoldSuffix: '.hold.csv',
      bulkFailedWhenNoRowSucceeds: true,
    },
    limits: {
      singleUsdCents: LIMITS.singleTransactionUsdCents,
      dailyUsdCents: LIMITS.dailyVolumeUsdCents,
      verificationThresholdUsdCents: LIMITS.unverifiedWalletUsdCents,
    },
  };
}
