// A target profile: one file that describes a target (README, "Target profiles"): its base URL, the
// names of the variables that hold its credentials, its webhook public key and public webhook URL, and
// what it declares it offers (capabilities, sandbox triggers, limits, timings). `SVC_TARGET_PROFILE=path`
// selects it; single SVC_* variables still override each value. The profile is validated with zod,
// with errors that name the field, and `npm run profile:schema` writes the JSON Schema editors use
// (target-profile.schema.json) from the same definition.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const triggerDigits = z.string().regex(/^\d{3}$/, 'three digits: the last three digits of a destination identifier');
const nonNegative = z.number().int().nonnegative();
const umaAddress = z.string().regex(/^\$[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'an UMA address ($user@domain)');

export const TargetProfile = z
  .strictObject({
    $schema: z.string().optional(),
    name: z.string().optional().describe('What the target is, for reports'),
    baseUrl: z
      .string()
      .url()
      .regex(/\/\d{4}-\d{2}-\d{2}\/?$/, 'must end with the API version segment, for example /2025-10-13')
      .optional()
      .describe('The target base URL, ending with the API version (SVC_BASE_URL)'),
    credentials: z
      .strictObject({
        clientId: z.string().min(1).optional().describe('The platform client id (SVC_CLIENT_ID)'),
        clientIdVariable: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional().describe('Name of the environment variable holding the client id'),
        clientSecret: z.string().min(1).optional().describe('The client secret in clear: only for a local sandbox; prefer clientSecretVariable'),
        clientSecretVariable: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional().describe('Name of the environment variable holding the client secret'),
      })
      .optional(),
    webhook: z
      .strictObject({
        publicKey: z.string().min(1).optional().describe('The service webhook public key: PEM text, or a file path relative to the profile (SVC_WEBHOOK_PUBLIC_KEY)'),
        publicUrl: z.string().url().startsWith('https://').optional().describe('A public HTTPS URL that forwards to the listener (SVC_WEBHOOK_PUBLIC_URL)'),
        retryWithinMs: nonNegative.optional().describe('Bound within which the target retries a failed delivery (SVC_WEBHOOK_RETRY_WITHIN_MS)'),
        canUnsetEndpoint: z.boolean().optional().describe('PATCH /config {webhookEndpoint: null} unsets the endpoint (SVC_CAN_UNSET_WEBHOOK_ENDPOINT)'),
        duplicatesPerNotification: nonNegative.optional().describe('Redeliveries of one acknowledged notification tolerated; any number of notifications may each be redelivered up to it (SVC_DUPLICATES_PER_NOTIFICATION, default 5)'),
        listenerHttps: z.boolean().optional().describe('The listener serves HTTPS with a self-signed certificate (SVC_LISTENER_HTTPS)'),
        retryBaseMs: nonNegative.optional().describe('The first retry of a failed delivery waits at least this long, each next one at least twice the one before (SVC_WEBHOOK_RETRY_BASE_MS)'),
        signatureCheck: z.boolean().optional().describe('The target serves POST /sandbox/webhooks/verify-signature: a delivery payload and its X-Svc-Signature header, 401 INVALID_SIGNATURE when it does not verify (SVC_WEBHOOK_SIGNATURE_CHECK)'),
      })
      .optional(),
    capabilities: z
      .strictObject({
        sandboxTriggers: z.boolean().optional().describe('The target serves the /sandbox/* triggers (SVC_SANDBOX_TRIGGERS)'),
        counterpartyRules: z.boolean().optional().describe('The platform is subject to counterparty rules (SVC_COUNTERPARTY_RULES)'),
        bitcoinWalletType: z.string().optional().describe('The Bitcoin-keyed wallet account type (SVC_BITCOIN_WALLET_TYPE)'),
        bitcoinAddressForms: z
          .array(z.enum(['p2pkh-uncompressed', 'p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark']))
          .optional()
          .describe('Address forms that type takes (SVC_BITCOIN_ADDRESS_FORMATS)'),
        cardSecondFundingCurrency: z.string().regex(/^[A-Z]{3,5}$/).optional().describe('A currency besides USD whose internal account funds the same card (SVC_CARD_SECOND_FUNDING_CURRENCY)'),
        sca: z
          .strictObject({ region: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2'), code: z.string().min(1).optional() })
          .optional()
          .describe('A customer region where SCA applies, and the test code (SVC_SCA_REGION, SVC_SCA_CODE)'),
      })
      .optional(),
    triggers: z
      .strictObject({
        failures: z.record(z.string().regex(/^[A-Z_]+$/), triggerDigits).optional().describe('Failure reason to destination suffix (SVC_FAILURE_TRIGGERS)'),
        hold: triggerDigits.optional().describe('Destination suffix that holds a payment (SVC_HOLD_TRIGGER)'),
        state: z
          .array(z.enum(['freeze', 'fail', 'liveness']))
          .optional()
          .describe("The target's own state triggers: POST /sandbox/internal-accounts/{id}/freeze and /fail, /sandbox/external-accounts/{id}/liveness (SVC_STATE_TRIGGERS)"),
        invalidBankAccount: triggerDigits.optional().describe('Account number suffix refused at create with 400 INVALID_BANK_ACCOUNT (SVC_INVALID_BANK_ACCOUNT_TRIGGER)'),
        refundFailure: triggerDigits.optional().describe('Destination suffix whose payment fails and whose refund fails too (SVC_REFUND_FAILURE_TRIGGER)'),
        incomingRefundSenders: z
          .strictObject({ completed: z.string().min(3), failed: z.string().min(3) })
          .optional()
          .describe('Sender UMA addresses of POST /sandbox/uma/receive whose approved deposit is returned: refund completed, refund failed (SVC_INCOMING_REFUND_SENDER, SVC_INCOMING_REFUND_FAILED_SENDER)'),
        cardPendingKyc: triggerDigits.optional().describe('platformCardId suffix that holds a new card in PENDING_KYC (SVC_CARD_PENDING_KYC_TRIGGER)'),
        scaFactorReset: z.boolean().optional().describe('The target serves POST /sandbox/sca/factors/reset/{resetId}/liveness to drive a 2FA reset (SVC_SCA_RESET_TRIGGER)'),
        counterpartyNotAllowed: triggerDigits.optional().describe('Destination suffix that POST /quotes refuses with 403 COUNTERPARTY_NOT_ALLOWED (SVC_COUNTERPARTY_NOT_ALLOWED_TRIGGER)'),
        serverErrors: z.boolean().optional().describe('The target serves POST /sandbox/quotes/{quoteId}/server-error {code}: the next execute of that quote answers 500 with that code (SVC_SERVER_ERROR_TRIGGER)'),
        umaLookup: z
          .record(z.string().regex(/^[A-Z_]+$/), umaAddress)
          .optional()
          .describe('UMA error code to a receiver address whose lookup (GET /receiver/uma/{address}) answers it (SVC_UMA_LOOKUP_TRIGGERS)'),
        umaQuote: z
          .record(z.string().regex(/^[A-Z_]+$/), umaAddress)
          .optional()
          .describe('UMA error code to a receiver address whose lookup succeeds and whose quote (POST /quotes with the lookupId) answers it (SVC_UMA_QUOTE_TRIGGERS)'),
        umaLookupSignature: z
          .strictObject({ code: z.string().regex(/^[A-Z_]+$/), address: umaAddress })
          .optional()
          .describe("A receiver address whose counterparty signs its lnurlp compliance answer with a key other than its published one, and the code the lookup answers (no document names it) (SVC_UMA_LOOKUP_SIGNATURE_TRIGGER: CODE=address)"),
        invitationsSwitch: z.boolean().optional().describe('The target serves POST /sandbox/invitations/configuration {configured} (SVC_INVITATIONS_SWITCH_TRIGGER)'),
        walletSyncFailureEmailDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/).optional().describe('Email domain that makes an embedded-wallet customer\'s email change answer 424 EMAIL_OTP_CREDENTIAL_SYNC_FAILED (SVC_WALLET_SYNC_FAILURE_EMAIL_DOMAIN)'),
        embeddedWallet: z.boolean().optional().describe('The target serves POST /sandbox/customers/{customerId}/embedded-wallet, which gives a customer an EMBEDDED_WALLET account starting with an EMAIL_OTP credential (SVC_EMBEDDED_WALLET_TRIGGER)'),
      })
      .optional(),
    customers: z
      .strictObject({
        missingMandatoryInfoRegion: z.string().regex(/^[A-Z]{2}$/).optional().describe('Region where POST /customers without email and phoneNumber answers 400 MISSING_MANDATORY_USER_INFO (SVC_MISSING_MANDATORY_INFO_REGION)'),
        contactVerification: z
          .strictObject({ region: z.string().regex(/^[A-Z]{2}$/), code: z.string().min(1).optional() })
          .optional()
          .describe("A region whose customers' provider requires contact verification, and the test code (SVC_CONTACT_VERIFICATION_REGION, SVC_CONTACT_VERIFICATION_CODE)"),
        documentRejections: z
          .record(z.string().regex(/^[A-Z_]+$/), z.string().regex(/^[A-Za-z0-9]{3}$/))
          .optional()
          .describe('Document rejection code to the last three characters of documentNumber that cause it (SVC_DOCUMENT_REJECTION_TRIGGERS)'),
        verificationReadyWhenResolved: z.boolean().optional().describe('A RESOLVE_ERRORS verification whose gaps are resolved becomes READY_FOR_VERIFICATION (SVC_VERIFICATION_READY_WHEN_RESOLVED)'),
        kycNameMagicAtVerification: z.boolean().optional().describe('The fullName endings of supplement §5 also apply when a renamed customer is verified (SVC_KYC_NAME_MAGIC_AT_VERIFICATION)'),
        kybPendingWhenOwnerPending: z.boolean().optional().describe('A business verified with a PENDING beneficial owner goes to manual review (SVC_KYB_PENDING_WHEN_OWNER_PENDING)'),
        manualReviewTrigger: z.boolean().optional().describe('The target serves the manual-review outcome trigger (SVC_MANUAL_REVIEW_TRIGGER)'),
        provisioningHoldSuffix: z.string().min(1).optional().describe("platformCustomerId suffix whose internal accounts stay PENDING until a trigger (SVC_PROVISIONING_HOLD_SUFFIX)"),
        internalAccountTriggers: z
          .array(z.enum(['activate', 'fail', 'close', 'funding-instructions']))
          .optional()
          .describe('/sandbox/internal-accounts/{accountId}/<name> triggers served (SVC_INTERNAL_ACCOUNT_TRIGGERS)'),
        platformAccountCurrencies: z.array(z.string().regex(/^[A-Z]{3,5}$/)).optional().describe("Currencies of the platform's own internal accounts (SVC_PLATFORM_ACCOUNT_CURRENCIES)"),
        bulkHoldSuffix: z.string().min(1).optional().describe('Uploaded CSV file name suffix whose job waits (SVC_BULK_HOLD_SUFFIX)'),
        bulkFailedWhenNoRowSucceeds: z.boolean().optional().describe('A bulk job in which no row succeeded ends FAILED (SVC_BULK_FAILED_WHEN_NO_ROW_SUCCEEDS)'),
        userNotReadyOnRampQuote: z.boolean().optional().describe('POST /quotes converting between fiat and crypto for a customer whose KYC is not APPROVED answers 403 USER_NOT_READY (SVC_USER_NOT_READY_ON_RAMP_QUOTE)'),
        verificationReviewFindings: z.boolean().optional().describe('A complete verification of an individual named ...003 goes IN_PROGRESS, then RESOLVE_ERRORS (POOR_QUALITY_DOCUMENT) in review; re-uploading the document and POST /verifications submit it again (SVC_VERIFICATION_REVIEW_FINDINGS)'),
        bulkCorrelationColumn: z.string().min(1).optional().describe('The CSV column whose value is the correlationId of a failed row in a bulk job\'s errors (SVC_BULK_CORRELATION_COLUMN)'),
      })
      .optional(),
    stablecoins: z
      .strictObject({
        provider: z.string().min(1).optional().describe('The value of the stablecoin `provider` enum the target links (SVC_STABLECOIN_PROVIDER)'),
        triggers: z
          .boolean()
          .optional()
          .describe('The target serves POST /sandbox/stablecoin-provider-accounts/{id}/status and /outage, /sandbox/stablecoin-operations/{id}/advance and /expire, and registers any token identifier (SVC_STABLECOIN_TRIGGERS)'),
        reservedSources: z.boolean().optional().describe('The target accepts the reserved mint funding sources SVC_INTERNAL_ACCOUNT and PROVIDER_INTERNAL_BALANCE (SVC_STABLECOIN_RESERVED_SOURCES)'),
        burnInternalAccountSource: z
          .boolean()
          .optional()
          .describe('The target offers the reserved burn source SVC_INTERNAL_ACCOUNT {accountId} (supplement 22 names it, not its fields); false: it refuses it (SVC_STABLECOIN_BURN_INTERNAL_SOURCE)'),
      })
      .optional(),
    limits: z
      .strictObject({
        singleUsdCents: nonNegative.optional().describe('Single-transaction maximum (SVC_LIMIT_SINGLE_USD_CENTS)'),
        dailyUsdCents: nonNegative.optional().describe('Daily volume (SVC_LIMIT_DAILY_USD_CENTS)'),
        verificationThresholdUsdCents: nonNegative.optional().describe('Regulatory threshold for unverified wallets (SVC_LIMIT_VERIFICATION_USD_CENTS)'),
        velocityCount: nonNegative.optional().describe("Quotes one customer may create within velocityWindowMs; the next answers 403 VELOCITY_LIMIT_EXCEEDED (SVC_LIMIT_VELOCITY_COUNT)"),
        velocityWindowMs: nonNegative.optional().describe('The window of velocityCount (SVC_LIMIT_VELOCITY_WINDOW_MS)'),
      })
      .optional(),
    timings: z
      .strictObject({
        eventTimeoutMs: nonNegative.optional().describe('Deadline for an event a scenario caused (SVC_EVENT_TIMEOUT_MS)'),
        waitBudgetMs: nonNegative.optional().describe("Longest wait on the target's own clock (SVC_WAIT_BUDGET_MS)"),
        cardActivationDelayMs: nonNegative.optional().describe('How long a card whose platformCardId ends 005 stays PROCESSING (SVC_CARD_ACTIVATION_DELAY_MS)'),
        incomingApprovalWindowMs: nonNegative.optional().describe('How long an incoming payment answered 202 waits for approve or reject (SVC_INCOMING_APPROVAL_WINDOW_MS)'),
        umaLookupTtlMs: nonNegative.optional().describe('How long an UMA receiver lookup id stays usable by a quote (SVC_UMA_LOOKUP_TTL_MS)'),
        rateFeeChangeMs: nonNegative.optional().describe('Longest a fee configuration change takes to show in GET /exchange-rates, whose rates are cached about 5 minutes (SVC_RATE_FEE_CHANGE_MS, default 330000)'),
        eventQuietMs: nonNegative.optional().describe('Quiet period after a complete event sequence before it is judged: how late a further event of the same change can come (SVC_EVENT_QUIET_MS)'),
      })
      .optional(),
  })
  .describe('A target of the svc-conformance suites');

export type TargetProfile = z.infer<typeof TargetProfile>;

export class ProfileError extends Error {}

const bool = (v: boolean | undefined) => (v === undefined ? undefined : v ? '1' : '0');
const str = (v: number | string | undefined) => (v === undefined ? undefined : String(v));

/** Each SVC_* variable and the profile value it comes from: one row per declaration. */
const VARIABLES: readonly [string, (p: TargetProfile, env: NodeJS.ProcessEnv, dir: string) => string | undefined][] = [
  ['SVC_BASE_URL', (p) => p.baseUrl],
  ['SVC_CLIENT_ID', (p, env) => p.credentials?.clientId ?? (p.credentials?.clientIdVariable ? env[p.credentials.clientIdVariable] : undefined)],
  ['SVC_CLIENT_SECRET', (p, env) => p.credentials?.clientSecret ?? (p.credentials?.clientSecretVariable ? env[p.credentials.clientSecretVariable] : undefined)],
  [
    'SVC_WEBHOOK_PUBLIC_KEY',
    (p, _env, dir) => {
      const key = p.webhook?.publicKey;
      if (!key || key.includes('-----BEGIN')) return key;
      return isAbsolute(key) ? key : resolve(dir, key);
    },
  ],
  ['SVC_WEBHOOK_PUBLIC_URL', (p) => p.webhook?.publicUrl],
  ['SVC_WEBHOOK_RETRY_WITHIN_MS', (p) => str(p.webhook?.retryWithinMs)],
  ['SVC_CAN_UNSET_WEBHOOK_ENDPOINT', (p) => bool(p.webhook?.canUnsetEndpoint)],
  ['SVC_DUPLICATES_PER_NOTIFICATION', (p) => str(p.webhook?.duplicatesPerNotification)],
  ['SVC_LISTENER_HTTPS', (p) => bool(p.webhook?.listenerHttps)],
  ['SVC_SANDBOX_TRIGGERS', (p) => bool(p.capabilities?.sandboxTriggers)],
  ['SVC_COUNTERPARTY_RULES', (p) => bool(p.capabilities?.counterpartyRules)],
  ['SVC_BITCOIN_WALLET_TYPE', (p) => p.capabilities?.bitcoinWalletType],
  ['SVC_BITCOIN_ADDRESS_FORMATS', (p) => p.capabilities?.bitcoinAddressForms?.join(',')],
  ['SVC_SCA_REGION', (p) => p.capabilities?.sca?.region],
  ['SVC_SCA_CODE', (p) => p.capabilities?.sca?.code],
  [
    'SVC_FAILURE_TRIGGERS',
    (p) => (p.triggers?.failures ? Object.entries(p.triggers.failures).map(([reason, digits]) => `${reason}=${digits}`).join(',') : undefined),
  ],
  ['SVC_HOLD_TRIGGER', (p) => p.triggers?.hold],
  ['SVC_STATE_TRIGGERS', (p) => p.triggers?.state?.join(',')],
  ['SVC_INVALID_BANK_ACCOUNT_TRIGGER', (p) => p.triggers?.invalidBankAccount],
  ['SVC_SCA_RESET_TRIGGER', (p) => bool(p.triggers?.scaFactorReset)],
  ['SVC_LIMIT_SINGLE_USD_CENTS', (p) => str(p.limits?.singleUsdCents)],
  ['SVC_LIMIT_DAILY_USD_CENTS', (p) => str(p.limits?.dailyUsdCents)],
  ['SVC_LIMIT_VERIFICATION_USD_CENTS', (p) => str(p.limits?.verificationThresholdUsdCents)],
  ['SVC_REFUND_FAILURE_TRIGGER', (p) => p.triggers?.refundFailure],
  ['SVC_INCOMING_REFUND_SENDER', (p) => p.triggers?.incomingRefundSenders?.completed],
  ['SVC_INCOMING_REFUND_FAILED_SENDER', (p) => p.triggers?.incomingRefundSenders?.failed],
  ['SVC_CARD_PENDING_KYC_TRIGGER', (p) => p.triggers?.cardPendingKyc],
  ['SVC_CARD_SECOND_FUNDING_CURRENCY', (p) => p.capabilities?.cardSecondFundingCurrency],
  ['SVC_CARD_ACTIVATION_DELAY_MS', (p) => str(p.timings?.cardActivationDelayMs)],
  ['SVC_INCOMING_APPROVAL_WINDOW_MS', (p) => str(p.timings?.incomingApprovalWindowMs)],
  ['SVC_MISSING_MANDATORY_INFO_REGION', (p) => p.customers?.missingMandatoryInfoRegion],
  ['SVC_CONTACT_VERIFICATION_REGION', (p) => p.customers?.contactVerification?.region],
  ['SVC_CONTACT_VERIFICATION_CODE', (p) => p.customers?.contactVerification?.code],
  [
    'SVC_DOCUMENT_REJECTION_TRIGGERS',
    (p) => (p.customers?.documentRejections ? Object.entries(p.customers.documentRejections).map(([code, end]) => `${code}=${end}`).join(',') : undefined),
  ],
  ['SVC_VERIFICATION_READY_WHEN_RESOLVED', (p) => bool(p.customers?.verificationReadyWhenResolved)],
  ['SVC_KYC_NAME_MAGIC_AT_VERIFICATION', (p) => bool(p.customers?.kycNameMagicAtVerification)],
  ['SVC_KYB_PENDING_WHEN_OWNER_PENDING', (p) => bool(p.customers?.kybPendingWhenOwnerPending)],
  ['SVC_MANUAL_REVIEW_TRIGGER', (p) => bool(p.customers?.manualReviewTrigger)],
  ['SVC_PROVISIONING_HOLD_SUFFIX', (p) => p.customers?.provisioningHoldSuffix],
  ['SVC_INTERNAL_ACCOUNT_TRIGGERS', (p) => p.customers?.internalAccountTriggers?.join(',')],
  ['SVC_PLATFORM_ACCOUNT_CURRENCIES', (p) => p.customers?.platformAccountCurrencies?.join(',')],
  ['SVC_BULK_HOLD_SUFFIX', (p) => p.customers?.bulkHoldSuffix],
  ['SVC_BULK_FAILED_WHEN_NO_ROW_SUCCEEDS', (p) => bool(p.customers?.bulkFailedWhenNoRowSucceeds)],
  ['SVC_BULK_CORRELATION_COLUMN', (p) => p.customers?.bulkCorrelationColumn],
  ['SVC_STABLECOIN_PROVIDER', (p) => p.stablecoins?.provider],
  ['SVC_STABLECOIN_TRIGGERS', (p) => bool(p.stablecoins?.triggers)],
  ['SVC_STABLECOIN_RESERVED_SOURCES', (p) => bool(p.stablecoins?.reservedSources)],
  ['SVC_STABLECOIN_BURN_INTERNAL_SOURCE', (p) => bool(p.stablecoins?.burnInternalAccountSource)],
  ['SVC_UMA_LOOKUP_TRIGGERS', (p) => (p.triggers?.umaLookup ? Object.entries(p.triggers.umaLookup).map(([code, a]) => `${code}=${a}`).join(',') : undefined)],
  ['SVC_UMA_QUOTE_TRIGGERS', (p) => (p.triggers?.umaQuote ? Object.entries(p.triggers.umaQuote).map(([code, a]) => `${code}=${a}`).join(',') : undefined)],
  ['SVC_UMA_LOOKUP_SIGNATURE_TRIGGER', (p) => (p.triggers?.umaLookupSignature ? `${p.triggers.umaLookupSignature.code}=${p.triggers.umaLookupSignature.address}` : undefined)],
  ['SVC_INVITATIONS_SWITCH_TRIGGER', (p) => bool(p.triggers?.invitationsSwitch)],
  ['SVC_UMA_LOOKUP_TTL_MS', (p) => str(p.timings?.umaLookupTtlMs)],
  ['SVC_RATE_FEE_CHANGE_MS', (p) => str(p.timings?.rateFeeChangeMs)],
  ['SVC_EVENT_TIMEOUT_MS', (p) => str(p.timings?.eventTimeoutMs)],
  ['SVC_WAIT_BUDGET_MS', (p) => str(p.timings?.waitBudgetMs)],
  ['SVC_WEBHOOK_RETRY_BASE_MS', (p) => str(p.webhook?.retryBaseMs)],
  ['SVC_WEBHOOK_SIGNATURE_CHECK', (p) => bool(p.webhook?.signatureCheck)],
  ['SVC_COUNTERPARTY_NOT_ALLOWED_TRIGGER', (p) => p.triggers?.counterpartyNotAllowed],
  ['SVC_SERVER_ERROR_TRIGGER', (p) => bool(p.triggers?.serverErrors)],
  ['SVC_USER_NOT_READY_ON_RAMP_QUOTE', (p) => bool(p.customers?.userNotReadyOnRampQuote)],
  ['SVC_VERIFICATION_REVIEW_FINDINGS', (p) => bool(p.customers?.verificationReviewFindings)],
  ['SVC_LIMIT_VELOCITY_COUNT', (p) => str(p.limits?.velocityCount)],
  ['SVC_LIMIT_VELOCITY_WINDOW_MS', (p) => str(p.limits?.velocityWindowMs)],
  ['SVC_EVENT_QUIET_MS', (p) => str(p.timings?.eventQuietMs)],
  ['SVC_EMBEDDED_WALLET_TRIGGER', (p) => bool(p.triggers?.embeddedWallet)],
  ['SVC_WALLET_SYNC_FAILURE_EMAIL_DOMAIN', (p) => p.triggers?.walletSyncFailureEmailDomain],
];

/** The variables a profile declares. */
export function profileVariables(profile: TargetProfile, env: NodeJS.ProcessEnv = {}, dir = process.cwd()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, from] of VARIABLES) {
    const value = from(profile, env, dir);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Validates a parsed profile, naming each offending field. */
export function parseProfile(value: unknown, where = 'the target profile'): TargetProfile {
  const parsed = TargetProfile.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ProfileError(`${where} is not valid:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

export function readProfile(path: string): { profile: TargetProfile; dir: string } {
  if (!existsSync(path)) throw new ProfileError(`SVC_TARGET_PROFILE names ${path}, which does not exist`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ProfileError(`${path} is not JSON: ${(err as Error).message}`);
  }
  return { profile: parseProfile(json, path), dir: dirname(resolve(path)) };
}

/**
 * The environment a run resolves its target from: the profile named by SVC_TARGET_PROFILE, with
 * every SVC_* variable that is set (non-empty) winning over the profile's value.
 */
export function environmentWithProfile(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const path = env.SVC_TARGET_PROFILE;
  if (!path) return env;
  const { profile, dir } = readProfile(path);
  const declared = profileVariables(profile, env, dir);
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(declared)) if (!merged[name]) merged[name] = value;
  return merged;
}

/** The JSON Schema of the profile, for editors (`npm run profile:schema`). */
export function profileJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(TargetProfile), $id: 'https://svc-conformance.local/target-profile.schema.json', title: 'svc-conformance target profile' };
}
