// Every setting of the harness, declared once: its name, its SVC_* variable, its place in a target
// profile, its type, its default and what it means, with the document sentence it serves. The
// profile's validation and JSON Schema (profile.ts, target-profile.schema.json), the reading of a
// run's settings (settings.ts), docs/settings.md and `npm run conformance -- --help` all come from
// this table; nothing else holds a default. The sandbox's own options are declared in sandbox/options.ts.
import { z } from 'zod';

export type Mode = 'embedded' | 'container' | 'external';

/** How one setting's value is written in its variable, read back, and validated in a profile. */
export interface Codec<T> {
  /** The type, as the documentation names it. */
  type: string;
  /** Reads the variable's text (never empty); undefined where the text declares nothing usable. */
  parse(variable: string, raw: string): T | undefined;
  /** The value as its variable's text. */
  format(value: T): string;
  /** The value in a profile (undefined: the setting has no place in a profile). */
  schema?: z.ZodType;
}

export class SettingsError extends Error {}

export interface Setting<T> {
  /** The environment variable that sets it; absent: only a profile sets it. */
  variable?: string;
  /** Where a target profile holds it (a dotted path); absent: only the variable sets it. */
  path?: string;
  codec: Codec<T>;
  /** The value where nothing sets it: one for every mode, or one per mode. */
  default?: T | { perMode: Record<Mode, T> };
  /** What it means. */
  meaning: string;
  /** The sentence of the documents (interface or supplement) that it serves or that leaves it open. */
  serves: string;
  /**
   * A secret: the settings a parent process resolves for its child (SVC_RESOLVED_SETTINGS) name the
   * variable that holds it, never its value.
   */
  secret?: true;
  /** Inside its profile object, the member is required once the object is given. */
  required?: true;
  /** How the run reaches and treats the target, not what the target offers: a target's own profile does not set it. */
  run?: true;
  /** The entry point that reads it, where it is not `npm run conformance` (its --help leaves it out). */
  for?: string;
  /**
   * Passed between the project's own processes (a parent to its child, a self-test to its fixture), never
   * set by a user: declared so that no SVC_* variable is read undeclared, listed apart from the settings.
   */
  internal?: true;
}

const nonNegativeInt = z.number().int().nonnegative();
const UMA_ADDRESS = /^\$[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const umaAddress = z.string().regex(UMA_ADDRESS, 'an UMA address ($user@domain)');
const triggerDigits = z.string().regex(/^\d{3}$/, 'three digits: the last three digits of a destination identifier');

const text = (schema: z.ZodType = z.string()): Codec<string> => ({ type: 'string', parse: (_v, raw) => raw, format: String, schema });
/** Text kept only when it has the form: otherwise the setting reads as not declared. */
const shaped = (form: RegExp, schema: z.ZodType = triggerDigits): Codec<string> => ({ type: `string ${form.source}`, parse: (_v, raw) => (form.test(raw) ? raw : undefined), format: String, schema });
const flag = (): Codec<boolean> => ({ type: 'boolean', parse: (_v, raw) => /^(1|true|yes|on)$/i.test(raw), format: (v) => (v ? '1' : '0'), schema: z.boolean() });
const ms = (schema: z.ZodType = nonNegativeInt): Codec<number> => ({
  type: 'number',
  parse: (variable, raw) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new SettingsError(`${variable} must be a non-negative number, got ${JSON.stringify(raw)}`);
    return n;
  },
  format: String,
  schema,
});
/** Decimal digits only: Number() would also take '1e0', '0x10', ' 3' or '3.0', which no one means as a count. */
const wholeNumber = (max: number): Codec<number> => ({
  type: `integer 1..${max}`,
  parse: (variable, raw) => {
    const n = Number(raw);
    if (!/^[0-9]+$/.test(raw) || n < 1 || n > max) throw new SettingsError(`${variable} must be a whole number from 1 to ${max}, got ${JSON.stringify(raw)}`);
    return n;
  },
  format: String,
});
/** A count from 0: how many times something more is done. */
const count = (max: number): Codec<number> => ({
  type: `integer 0..${max}`,
  parse: (variable, raw) => {
    const n = Number(raw);
    if (!/^[0-9]+$/.test(raw) || n > max) throw new SettingsError(`${variable} must be a whole number from 0 to ${max}, got ${JSON.stringify(raw)}`);
    return n;
  },
  format: String,
});
/** One of a few words. */
const choice = <T extends string>(values: readonly [T, ...T[]]): Codec<T> => ({
  type: values.join(' | '),
  parse: (variable, raw) => {
    if (!(values as readonly string[]).includes(raw)) throw new SettingsError(`${variable} must be one of ${values.join(', ')}, got ${JSON.stringify(raw)}`);
    return raw as T;
  },
  format: String,
  schema: z.enum(values),
});
const list = (schema?: z.ZodType): Codec<string[]> => ({ type: 'list (a,b)', parse: (_v, raw) => raw.split(',').map((s) => s.trim()).filter(Boolean), format: (v) => v.join(','), schema });
const pairs = (form: RegExp, schema: z.ZodType): Codec<Record<string, string>> => ({
  type: 'pairs (KEY=value,...)',
  parse: (_v, raw) => Object.fromEntries(raw.split(',').map((pair) => pair.split('=').map((x) => x.trim()) as [string, string]).filter(([k, d]) => k && form.test(d ?? ''))),
  format: (v) => Object.entries(v).map(([k, d]) => `${k}=${d}`).join(','),
  schema,
});
const codeAddress = (): Codec<{ code: string; address: string }> => ({
  type: 'CODE=address',
  parse: (_v, raw) => {
    const [code, address] = raw.split('=').map((x) => x.trim());
    return code && /^[A-Z_]+$/.test(code) && UMA_ADDRESS.test(address ?? '') ? { code, address } : undefined;
  },
  format: (v) => `${v.code}=${v.address}`,
  schema: z.strictObject({ code: z.string().regex(/^[A-Z_]+$/), address: umaAddress }),
});

const define = <T>(s: Setting<T>): Setting<T> => s;
const S28 = 'Supplement 28: not stated (declarable)';

export const BITCOIN_ADDRESS_FORMS = ['p2pkh-uncompressed', 'p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark'];
const variableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

/** The settings, in the order the documentation lists them. */
export const SETTINGS = {
  // The run and its target.
  targetProfile: define({ variable: 'SVC_TARGET_PROFILE', codec: text(), meaning: 'A target profile (JSON, target-profile.schema.json) that declares the settings below; a variable set non-empty wins over it', serves: 'Interface, Authentication 1: username is the platform\'s client id, password is the platform\'s client secret' }),
  profileSchema: define({ run: true, path: '$schema', codec: text(), meaning: "The profile's JSON Schema, for editors", serves: '-' }),
  questions: define({ run: true, path: 'questions', codec: { type: 'object', parse: () => undefined, format: () => '', schema: z.record(z.string(), z.string()) }, meaning: 'What npm run init could not observe: each declaration left out, with what it means; the run reads nothing from it', serves: '-' }),
  name: define({ run: true, path: 'name', codec: text(), meaning: 'What the target is, for reports', serves: '-' }),
  baseUrl: define({ run: true,
    variable: 'SVC_BASE_URL',
    path: 'baseUrl',
    codec: text(z.string().url().regex(/\/\d{4}-\d{2}-\d{2}\/?$/, 'must end with the API version segment, for example /2025-10-13')),
    meaning: 'The target base URL, ending with the API version; set: an external target',
    serves: 'Interface: base address {base_url}; it ends with the version segment 2025-10-13',
  }),
  clientId: define({ run: true, variable: 'SVC_CLIENT_ID', path: 'credentials.clientId', codec: text(z.string().min(1)), meaning: 'The platform client id (HTTP Basic user)', serves: 'Interface, Authentication 1: HTTP Basic, username the client id, password the client secret' }),
  clientIdVariable: define({ run: true, path: 'credentials.clientIdVariable', codec: text(variableName), meaning: 'Name of the environment variable holding the client id', serves: 'Interface, Authentication 1: HTTP Basic, username the client id, password the client secret' }),
  clientSecret: define({ run: true, secret: true, variable: 'SVC_CLIENT_SECRET', path: 'credentials.clientSecret', codec: text(z.string().min(1)), meaning: 'The client secret in clear: only for a local sandbox; prefer clientSecretVariable', serves: 'Interface, Authentication 1: HTTP Basic, username the client id, password the client secret' }),
  clientSecretVariable: define({ run: true, path: 'credentials.clientSecretVariable', codec: text(variableName), meaning: 'Name of the environment variable holding the client secret', serves: 'Interface, Authentication 1: HTTP Basic, username the client id, password the client secret' }),
  webhookPublicKey: define({ run: true, variable: 'SVC_WEBHOOK_PUBLIC_KEY', path: 'webhook.publicKey', codec: text(z.string().min(1)), meaning: "The service's webhook public key: PEM text, or a file path (in a profile, relative to the profile)", serves: 'Supplement 3: receiver replies 401 to a bad signature' }),
  webhookPublicUrl: define({ run: true, variable: 'SVC_WEBHOOK_PUBLIC_URL', path: 'webhook.publicUrl', codec: text(z.string().url().startsWith('https://')), meaning: 'A public HTTPS URL that forwards to the listener (its path kept)', serves: "Interface, Events 1: the platform's webhookEndpoint must be publicly reachable over HTTPS" }),
  listenerHttps: define({ run: true, variable: 'SVC_LISTENER_HTTPS', path: 'webhook.listenerHttps', codec: flag(), default: false, meaning: 'The listener serves HTTPS with a self-signed certificate (a container target: always)', serves: "Interface, Events 1: the platform's webhookEndpoint must be publicly reachable over HTTPS" }),
  duplicatesPerNotification: define({ run: true, variable: 'SVC_DUPLICATES_PER_NOTIFICATION', path: 'webhook.duplicatesPerNotification', codec: ms(), default: 5, meaning: 'Redeliveries of one acknowledged notification tolerated; any number of notifications may each be redelivered up to it', serves: 'Interface, Events 3: duplicates can occur; the envelope id identifies a notification' }),
  openapi: define({ run: true, variable: 'SVC_OPENAPI', path: 'openapi', codec: text(z.string().min(1)), meaning: "An OpenAPI 3.1 description of the service (YAML or JSON file; in a profile, relative to the profile): every response and webhook notification of the run is validated against it, and a mismatch is a finding that fails the verdict (reports/description.md)", serves: "The service's public description is the authority for every shape, enum, requiredness and status the interface leaves open" }),
  targetImage: define({ variable: 'SVC_TARGET_IMAGE', codec: text(), meaning: 'An image to start as the target (container mode); not together with SVC_BASE_URL', serves: '-' }),
  targetPort: define({ variable: 'SVC_TARGET_PORT', codec: ms(), default: 4010, meaning: "The port the image's API listens on", serves: '-' }),
  containerHostGateway: define({ variable: 'SVC_CONTAINER_HOST_GATEWAY', codec: text(), default: 'host.containers.internal', meaning: 'How the container reaches the host (the listener): host.containers.internal (Podman) or host.docker.internal', serves: '-' }),
  faults: define({ variable: 'SANDBOX_FAULTS', codec: list(), default: [], meaning: 'Named faults of the embedded sandbox (sandbox/faults.ts), for a mutant run by hand', serves: '-' }),
  targetWaitMs: define({ variable: 'SVC_TARGET_WAIT_MS', codec: ms(), default: 600_000, meaning: "Longest a run against an external target waits for another run's lease on its webhook endpoint", serves: 'Supplement 2: the platform configuration holds one webhookEndpoint' }),
  seed: define({ variable: 'SVC_SEED', codec: wholeNumber(2 ** 31 - 1), meaning: "The seed of the run's generated data; unset: drawn, and printed for a replay", serves: '-' }),
  knownFailures: define({ run: true, variable: 'SVC_KNOWN_FAILURES', path: 'knownFailures', codec: text(z.string().min(1)), meaning: 'A file of failures accepted until a date (known-failures.schema.json; in a profile, relative to the profile): a listed failure is reported as known and does not fail the verdict, a listed scenario that passes is reported fixed, an entry past its date fails the run; certification ignores it', serves: '-' }),
  concurrency: define({ run: true, variable: 'SVC_CONCURRENCY', path: 'concurrency', codec: { ...wholeNumber(64), schema: z.number().int().min(1).max(64) }, default: { perMode: { embedded: 8, container: 8, external: 24 } }, meaning: "How much of a run is in flight at once: scenario files, and the independent requests of one scenario (the generated field-rule requests). Embedded and container runs are bound by this machine's CPU; an external target's run by its latency", serves: '-' }),
  retries: define({ variable: 'SVC_RETRIES', codec: count(3), default: 1, meaning: 'Times a failed scenario is run again in the same run; one that then passes is reported flaky, with each attempt (a certifying run retries none)', serves: '-' }),
  history: define({ run: true, variable: 'SVC_HISTORY', path: 'history', codec: text(z.string().min(1)), meaning: "A JSON Lines file each run appends its verdict, counts, coverage figures, duration and seed to (in a profile, relative to the profile); a scenario flaky in three of its last ten runs is named", serves: '-' }),
  baseline: define({ variable: 'SVC_BASELINE', codec: text(z.string().min(1)), meaning: "A previous run's reports folder: the run sorts every scenario, coverage id and finding against it into reports/diff.md and diff.json", serves: '-' }),
  failOn: define({ variable: 'SVC_FAIL_ON', codec: choice(['all', 'new']), default: 'all', meaning: 'all: every failure fails the verdict; new (with SVC_BASELINE): only failures and findings the baseline did not have, the nightly mode', serves: '-' }),
  allureHistory: define({ for: 'npm run report', variable: 'SVC_ALLURE_HISTORY', codec: text(z.string().min(1)), meaning: "Allure 3's own history file (one line per report rendered; unset: allure-history.jsonl in the reports folder): the report's trends and each scenario's earlier results; a nightly keeps it between runs", serves: '-' }),
  changes: define({ variable: 'SVC_CHANGES', codec: text(), meaning: "Runs only the scenarios that judge the named entries of the interface's change history, comma-separated (their ids: reports/coverage.md, docs/reports.md)", serves: 'Interface, Versioning 2: the dated change history' }),
  ruleRuns: define({
    variable: 'SVC_RULE_RUNS',
    // At most five: a valid variant sends SVC_RULE_RUNS + 1 requests, and a scenario has 60 s (vitest.config.ts).
    codec: wholeNumber(5),
    // One in an embedded run, which keeps to the developers' time budget (each run's seed draws other
    // requests, so runs sample the rules anew); three against targets whose runs have no such budget.
    default: { perMode: { embedded: 1, container: 3, external: 3 } },
    meaning: 'Generated requests per field rule and per valid variant (helpers/field-rules/check.ts)',
    serves: 'OpenAPI: the field rules (lengths, patterns, enums) of every request body',
  }),

  // Webhooks.
  webhookRetryWithinMs: define({ variable: 'SVC_WEBHOOK_RETRY_WITHIN_MS', path: 'webhook.retryWithinMs', codec: ms(), meaning: 'Bound within which the target retries a failed delivery; unset: unknown, a missing retry is a skip', serves: 'Interface, Events 2: the service retries failed deliveries with exponential backoff' }),
  webhookRetryBaseMs: define({ variable: 'SVC_WEBHOOK_RETRY_BASE_MS', path: 'webhook.retryBaseMs', codec: ms(), meaning: 'The first retry of a failed delivery waits at least this long, each next one at least twice the one before', serves: 'Supplement 3: retry with exponential backoff up to 7 days, max 30 min between tries' }),
  webhookSignatureCheck: define({ variable: 'SVC_WEBHOOK_SIGNATURE_CHECK', path: 'webhook.signatureCheck', codec: flag(), default: false, meaning: 'The target serves POST /sandbox/webhooks/verify-signature {payload} with X-Svc-Signature: 401 INVALID_SIGNATURE when it does not verify', serves: S28 }),

  // Capabilities.
  sandboxTriggers: define({ variable: 'SVC_SANDBOX_TRIGGERS', path: 'capabilities.sandboxTriggers', codec: flag(), default: true, meaning: 'The target serves the /sandbox/* triggers and magic values of the supplement; a complete individual without name magic ends APPROVED (at once, or after a review the run waits out)', serves: 'Supplement 1: sandbox triggers under /sandbox/*, magic values by suffix' }),
  counterpartyRules: define({ variable: 'SVC_COUNTERPARTY_RULES', path: 'capabilities.counterpartyRules', codec: flag(), default: true, meaning: 'The platform is subject to counterparty rules (self-custody wallets need ownershipType and verification)', serves: 'Interface: external account ownership verification (PENDING_OWNERSHIP_VERIFICATION)' }),
  bitcoinWalletType: define({ variable: 'SVC_BITCOIN_WALLET_TYPE', path: 'capabilities.bitcoinWalletType', codec: text(), meaning: "The target's Bitcoin-keyed wallet account type", serves: 'Supplement 7: wallet account types' }),
  bitcoinAddressForms: define({ variable: 'SVC_BITCOIN_ADDRESS_FORMATS', path: 'capabilities.bitcoinAddressForms', codec: list(z.array(z.enum(BITCOIN_ADDRESS_FORMS as [string, ...string[]]))), default: BITCOIN_ADDRESS_FORMS, meaning: 'Address forms that type accepts', serves: 'Supplement 7: wallet account types' }),
  scaRegion: define({ variable: 'SVC_SCA_REGION', path: 'capabilities.sca.region', required: true, codec: text(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2')), meaning: 'A customer region where Strong Customer Authentication applies', serves: 'Supplement 10: SCA answers 409 for customers whose provider does not require it' }),
  outsideScaRegion: define({ variable: 'SVC_OUTSIDE_SCA_REGION', path: 'capabilities.outsideScaRegion', codec: text(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2')), meaning: 'A customer region where SCA, contact verification and beneficiary trust do not apply (those endpoints answer 409 there); unset: the scenarios judging those 409s skip, or judge their other half only', serves: 'Supplement 10 and 12: 409 for customers whose provider does not require them; which providers do is not stated' }),
  scaCode: define({ variable: 'SVC_SCA_CODE', path: 'capabilities.sca.code', codec: text(z.string().min(1)), default: '123456', meaning: "The target's SCA test code", serves: 'Supplement 10: sandbox code 123456' }),

  // Triggers.
  failureTriggers: define({ variable: 'SVC_FAILURE_TRIGGERS', path: 'triggers.failures', codec: pairs(/^\d{3}$/, z.record(z.string().regex(/^[A-Z_]+$/), triggerDigits)), default: { QUOTE_EXECUTION_FAILED: '002', PAYOUT_RETURNED: '005' }, meaning: 'Failure reason to the last three digits of a destination identifier that make an outgoing payment fail so', serves: 'Supplement 8: quote destination 002 execution failed; 005 completes then returned' }),
  holdTrigger: define({ variable: 'SVC_HOLD_TRIGGER', path: 'triggers.hold', codec: text(triggerDigits), meaning: 'Last three digits of a destination identifier that make an outgoing payment wait held (pendingReason)', serves: S28 }),
  stateTriggers: define({ variable: 'SVC_STATE_TRIGGERS', path: 'triggers.state', codec: list(z.array(z.enum(['freeze', 'fail', 'liveness']))), default: [], meaning: 'Triggers beyond the supplement: freeze, fail (POST /sandbox/internal-accounts/{id}/freeze, /fail), liveness (POST /sandbox/external-accounts/{id}/liveness); a declared trigger must work', serves: S28 }),
  invalidBankAccountTrigger: define({ variable: 'SVC_INVALID_BANK_ACCOUNT_TRIGGER', path: 'triggers.invalidBankAccount', codec: shaped(/^\d{3}$/), meaning: 'Last three digits of an account number refused at create with 400 INVALID_BANK_ACCOUNT', serves: 'Supplement 28.3: which operation returns INVALID_BANK_ACCOUNT is not stated' }),
  refundFailureTrigger: define({ variable: 'SVC_REFUND_FAILURE_TRIGGER', path: 'triggers.refundFailure', codec: text(triggerDigits), meaning: 'Last three digits of a destination identifier whose payment fails and whose refund fails too', serves: 'Supplement 8: quote destination 007 payout and refund fail' }),
  incomingRefundSender: define({ variable: 'SVC_INCOMING_REFUND_SENDER', path: 'triggers.incomingRefundSenders.completed', required: true, codec: text(z.string().min(3)), meaning: 'Sender UMA address (POST /sandbox/uma/receive) whose approved incoming payment fails and is refunded', serves: 'Supplement 8: $fail.compliance.usd@… compliance failure' }),
  incomingRefundFailedSender: define({ variable: 'SVC_INCOMING_REFUND_FAILED_SENDER', path: 'triggers.incomingRefundSenders.failed', required: true, codec: text(z.string().min(3)), meaning: 'Sender UMA address whose approved incoming payment fails and whose refund fails too', serves: S28 }),
  cardPendingKycTrigger: define({ variable: 'SVC_CARD_PENDING_KYC_TRIGGER', path: 'triggers.cardPendingKyc', codec: text(triggerDigits), meaning: 'Last three digits of a platformCardId that hold a new card in PENDING_KYC', serves: 'Supplement 28.4: entry into PENDING_KYC is not stated' }),
  scaResetTrigger: define({ variable: 'SVC_SCA_RESET_TRIGGER', path: 'triggers.scaFactorReset', codec: flag(), default: false, meaning: 'The target serves POST /sandbox/sca/factors/reset/{resetId}/liveness {result} to drive a 2FA reset', serves: 'Supplement 16: a 2FA reset passes a liveness review' }),
  counterpartyNotAllowedTrigger: define({ variable: 'SVC_COUNTERPARTY_NOT_ALLOWED_TRIGGER', path: 'triggers.counterpartyNotAllowed', codec: shaped(/^\d{3}$/), meaning: 'Last three digits of a destination identifier that POST /quotes refuses with 403 COUNTERPARTY_NOT_ALLOWED', serves: S28 }),
  serverErrorTrigger: define({ variable: 'SVC_SERVER_ERROR_TRIGGER', path: 'triggers.serverErrors', codec: flag(), default: false, meaning: "The target serves POST /sandbox/quotes/{quoteId}/server-error {code}: that quote's next execute answers 500 with the code", serves: S28 }),
  umaLookupTriggers: define({ variable: 'SVC_UMA_LOOKUP_TRIGGERS', path: 'triggers.umaLookup', codec: pairs(UMA_ADDRESS, z.record(z.string().regex(/^[A-Z_]+$/), umaAddress)), default: {}, meaning: 'UMA error code to a receiver address whose lookup (GET /receiver/uma/{address}) answers it', serves: 'Supplement 28.1: sandbox magic values for UMA codes are not stated' }),
  umaQuoteTriggers: define({ variable: 'SVC_UMA_QUOTE_TRIGGERS', path: 'triggers.umaQuote', codec: pairs(UMA_ADDRESS, z.record(z.string().regex(/^[A-Z_]+$/), umaAddress)), default: {}, meaning: 'UMA error code to a receiver address whose lookup succeeds and whose quote with that lookupId answers it', serves: 'Supplement 28.1: sandbox magic values for UMA codes are not stated' }),
  umaLookupSignatureTrigger: define({ variable: 'SVC_UMA_LOOKUP_SIGNATURE_TRIGGER', path: 'triggers.umaLookupSignature', codec: codeAddress(), meaning: 'A receiver address whose counterparty signs its lnurlp answer with another key than the published one, and the code the lookup answers (CODE=address)', serves: 'Supplement 28.3: which operation returns each UMA code is not stated' }),
  webhookEndpointUnsetTrigger: define({ variable: 'SVC_WEBHOOK_ENDPOINT_UNSET_TRIGGER', path: 'triggers.webhookEndpointUnset', codec: flag(), default: false, meaning: 'The target serves POST /sandbox/config/webhook-endpoint/unset (a platform without a webhookEndpoint)', serves: 'Interface, Events 5: WEBHOOK_ENDPOINT_NOT_SET (400) if no endpoint is set; openapi.yaml, PlatformConfigUpdateRequest: webhookEndpoint is a string (no request unsets it)' }),
  invitationsSwitch: define({ variable: 'SVC_INVITATIONS_SWITCH_TRIGGER', path: 'triggers.invitationsSwitch', codec: flag(), default: false, meaning: 'The target serves POST /sandbox/invitations/configuration {configured} (a platform without invitations)', serves: 'Supplement 28.1: sandbox magic values for invitations are not stated' }),
  walletSyncFailureEmailDomain: define({ variable: 'SVC_WALLET_SYNC_FAILURE_EMAIL_DOMAIN', path: 'triggers.walletSyncFailureEmailDomain', codec: text(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/)), meaning: "An email domain that makes an embedded-wallet customer's email change answer 424 EMAIL_OTP_CREDENTIAL_SYNC_FAILED", serves: 'Supplement 17: an email change syncs the EMAIL_OTP credential' }),
  walletPasskeyOrigin: define({ variable: 'SVC_WALLET_PASSKEY_ORIGIN', path: 'wallet.passkeyOrigin', codec: text(z.string().regex(/^https:\/\/[a-z0-9.-]+(:\d+)?$/)), meaning: "The origin (https://<relying party id>) the target's embedded-wallet passkeys are registered and asserted for; the relying party id is its host. Unset: the wallet passkey scenarios skip", serves: 'Supplement 17: PASSKEY attestation and assertion (the relying party is the target\'s and is not stated)' }),
  walletOauthIssuer: define({ variable: 'SVC_WALLET_OAUTH_ISSUER', path: 'wallet.oauthIssuer', codec: text(z.string().regex(/^https:\/\/\S+$/)), meaning: 'An OIDC issuer (iss) whose tokens the target takes for OAUTH credentials. Unset: the wallet OAuth scenarios skip', serves: 'Supplement 17: "supported iss" (which issuers is not stated)' }),
  embeddedWalletTrigger: define({ variable: 'SVC_EMBEDDED_WALLET_TRIGGER', path: 'triggers.embeddedWallet', codec: flag(), default: false, meaning: 'The target serves POST /sandbox/customers/{customerId}/embedded-wallet: an EMBEDDED_WALLET account starting with an EMAIL_OTP credential', serves: 'Supplement 6 and 17 name no way to create an embedded wallet' }),

  // Customers, KYC, internal accounts.
  mandatoryUserInfoRegion: define({ variable: 'SVC_MISSING_MANDATORY_INFO_REGION', path: 'customers.missingMandatoryInfoRegion', codec: text(z.string().regex(/^[A-Z]{2}$/)), meaning: 'Region where POST /customers without email and phoneNumber answers 400 MISSING_MANDATORY_USER_INFO', serves: 'Supplement 28.3: which operation returns MISSING_MANDATORY_USER_INFO is not stated' }),
  contactVerificationRegion: define({ variable: 'SVC_CONTACT_VERIFICATION_REGION', path: 'customers.contactVerification.region', required: true, codec: text(z.string().regex(/^[A-Z]{2}$/)), meaning: "A region whose customers' provider requires contact verification", serves: 'Supplement 10: contact verification answers 409 for customers whose provider does not require it' }),
  contactVerificationCode: define({ variable: 'SVC_CONTACT_VERIFICATION_CODE', path: 'customers.contactVerification.code', codec: text(z.string().min(1)), default: '123456', meaning: "The target's contact verification test code", serves: 'Supplement 10: sandbox code 123456' }),
  documentRejections: define({ variable: 'SVC_DOCUMENT_REJECTION_TRIGGERS', path: 'customers.documentRejections', codec: pairs(/^[A-Za-z0-9]{3}$/, z.record(z.string().regex(/^[A-Z_]+$/), z.string().regex(/^[A-Za-z0-9]{3}$/))), default: {}, meaning: 'Document rejection code to the last three characters of documentNumber that make POST/PUT /documents refuse with it', serves: 'Supplement 28.1 and 28.3: document magic values and rejection codes are not stated' }),
  verificationReadyWhenResolved: define({ variable: 'SVC_VERIFICATION_READY_WHEN_RESOLVED', path: 'customers.verificationReadyWhenResolved', codec: flag(), default: false, meaning: 'An open RESOLVE_ERRORS verification whose gaps are all resolved becomes READY_FOR_VERIFICATION (with its event)', serves: 'Supplement 28.4: the meaning of READY_FOR_VERIFICATION is not stated' }),
  kycNameMagicAtVerification: define({ variable: 'SVC_KYC_NAME_MAGIC_AT_VERIFICATION', path: 'customers.kycNameMagicAtVerification', codec: flag(), default: false, meaning: 'The fullName endings of supplement 5 (001 PENDING, 002 REJECTED) also decide a verification of a customer renamed after creation', serves: 'Supplement 5: fullName ending 001 PENDING, 002 REJECTED' }),
  kybPendingWhenOwnerPending: define({ variable: 'SVC_KYB_PENDING_WHEN_OWNER_PENDING', path: 'customers.kybPendingWhenOwnerPending', codec: flag(), default: false, meaning: 'A business verified with a PENDING beneficial owner (lastName ending 001) goes PENDING_MANUAL_REVIEW, kybStatus PENDING', serves: 'Supplement 14: beneficial owners are verified with the business' }),
  manualReviewTrigger: define({ variable: 'SVC_MANUAL_REVIEW_TRIGGER', path: 'customers.manualReviewTrigger', codec: flag(), default: false, meaning: 'The target serves POST /sandbox/verifications/{verificationId}/review {outcome: APPROVED|REJECTED}', serves: S28 }),
  provisioningHoldSuffix: define({ variable: 'SVC_PROVISIONING_HOLD_SUFFIX', path: 'customers.provisioningHoldSuffix', codec: text(z.string().min(1)), meaning: 'Suffix of platformCustomerId whose internal accounts stay PENDING until a trigger activates or fails them', serves: 'Supplement 6: internal accounts are provisioned PENDING, then ACTIVE' }),
  internalAccountTriggers: define({ variable: 'SVC_INTERNAL_ACCOUNT_TRIGGERS', path: 'customers.internalAccountTriggers', codec: list(z.array(z.enum(['activate', 'fail', 'close', 'funding-instructions']))), default: [], meaning: '/sandbox/internal-accounts/{accountId}/<name> triggers the target serves: activate, fail, close, funding-instructions', serves: S28 }),
  platformAccountCurrencies: define({ variable: 'SVC_PLATFORM_ACCOUNT_CURRENCIES', path: 'customers.platformAccountCurrencies', codec: list(z.array(z.string().regex(/^[A-Z]{3,5}$/))), default: [], meaning: "Currencies of the platform's own internal accounts (GET /platform/internal-accounts)", serves: 'Supplement 6: GET /platform/internal-accounts' }),
  bulkHoldSuffix: define({ variable: 'SVC_BULK_HOLD_SUFFIX', path: 'customers.bulkHoldSuffix', codec: text(z.string().min(1)), meaning: 'File-name suffix of a bulk upload that waits PENDING until POST /sandbox/customers/bulk/jobs/{jobId}/process', serves: 'Supplement 24: a bulk upload is a job' }),
  bulkFailedWhenNoRowSucceeds: define({ variable: 'SVC_BULK_FAILED_WHEN_NO_ROW_SUCCEEDS', path: 'customers.bulkFailedWhenNoRowSucceeds', codec: flag(), default: false, meaning: 'A bulk upload job in which no row becomes a customer ends FAILED (BULK_UPLOAD.FAILED)', serves: 'Supplement 24: a bulk upload is a job' }),
  userNotReadyOnRampQuote: define({ variable: 'SVC_USER_NOT_READY_ON_RAMP_QUOTE', path: 'customers.userNotReadyOnRampQuote', codec: flag(), default: false, meaning: 'POST /quotes converting between fiat and crypto for a customer whose KYC is not APPROVED answers 403 USER_NOT_READY', serves: 'Supplement 28.3: which operation returns USER_NOT_READY is not stated' }),
  verificationReviewFindings: define({ variable: 'SVC_VERIFICATION_REVIEW_FINDINGS', path: 'customers.verificationReviewFindings', codec: flag(), default: false, meaning: 'An individual named ...003 is found RESOLVE_ERRORS (POOR_QUALITY_DOCUMENT), at the POST or in review after IN_PROGRESS; a re-upload and POST /verifications submit it again', serves: 'Supplement 5: KYC magic values by name ending' }),
  bulkCorrelationColumn: define({ variable: 'SVC_BULK_CORRELATION_COLUMN', path: 'customers.bulkCorrelationColumn', codec: text(z.string().min(1)), meaning: "The CSV column whose value names a failed row (errors[].correlationId) of a bulk upload job", serves: 'Supplement 24: a job lists errors[{correlationId, ...}]' }),

  // Stablecoins.
  stablecoinProvider: define({ variable: 'SVC_STABLECOIN_PROVIDER', path: 'stablecoins.provider', codec: text(z.string().min(1)), meaning: 'The value of the vendor enum `provider` the target links; unset: the stablecoin scenarios skip', serves: 'Supplement 22: the provider enum is not reproduced; openapi.yaml, StablecoinProvider: BRALE' }),
  stablecoinTriggers: define({ variable: 'SVC_STABLECOIN_TRIGGERS', path: 'stablecoins.triggers', codec: flag(), default: false, meaning: 'The target serves POST /sandbox/stablecoin-provider-accounts/{id}/status and /outage, /sandbox/stablecoin-operations/{id}/advance and /expire, links any well-formed provider credentials and registers any token identifier (the run makes its own: no real provider account is needed)', serves: 'Supplement 28.1: sandbox magic values for stablecoins are not stated' }),
  stablecoinReservedSources: define({ variable: 'SVC_STABLECOIN_RESERVED_SOURCES', path: 'stablecoins.reservedSources', codec: flag(), default: false, meaning: 'The target accepts the reserved mint funding sources SVC_INTERNAL_ACCOUNT and PROVIDER_INTERNAL_BALANCE', serves: 'Supplement 22: reserved funding sources' }),
  stablecoinBurnInternalSource: define({ variable: 'SVC_STABLECOIN_BURN_INTERNAL_SOURCE', path: 'stablecoins.burnInternalAccountSource', codec: flag(), meaning: 'The target offers the reserved burn source SVC_INTERNAL_ACCOUNT {accountId}; false: it refuses it; unset: not declared (the scenario skips)', serves: 'Supplement 22 names the reserved burn source, not its fields' }),

  // Limits.
  limitSingleUsdCents: define({ variable: 'SVC_LIMIT_SINGLE_USD_CENTS', path: 'limits.singleUsdCents', codec: ms(), meaning: 'Single-transaction maximum, in US cents', serves: 'Interface, Limits: single-transaction maximum; exceeded: 400 TRANSACTION_SIZE_LIMIT_EXCEEDED' }),
  limitDailyUsdCents: define({ variable: 'SVC_LIMIT_DAILY_USD_CENTS', path: 'limits.dailyUsdCents', codec: ms(), meaning: 'Daily volume, in US cents', serves: 'Interface, Limits: daily volume; exceeded: 429 DAILY_VOLUME_LIMIT_EXCEEDED' }),
  limitVerificationUsdCents: define({ variable: 'SVC_LIMIT_VERIFICATION_USD_CENTS', path: 'limits.verificationThresholdUsdCents', codec: ms(), meaning: 'Regulatory threshold for unverified wallets, in US cents', serves: S28 }),
  velocityCount: define({ variable: 'SVC_LIMIT_VELOCITY_COUNT', path: 'limits.velocityCount', codec: ms(), meaning: 'Quotes one customer may create within the velocity window; the next answers 403 VELOCITY_LIMIT_EXCEEDED (declared with SVC_LIMIT_VELOCITY_WINDOW_MS)', serves: 'Supplement 1: 403 VELOCITY_LIMIT_EXCEEDED (its count and window not stated)' }),
  velocityWindowMs: define({ variable: 'SVC_LIMIT_VELOCITY_WINDOW_MS', path: 'limits.velocityWindowMs', codec: ms(), meaning: 'The window of the velocity count (declared with SVC_LIMIT_VELOCITY_COUNT)', serves: 'Supplement 1: 403 VELOCITY_LIMIT_EXCEEDED (its count and window not stated)' }),

  // Timings.
  eventTimeoutMs: define({ variable: 'SVC_EVENT_TIMEOUT_MS', path: 'timings.eventTimeoutMs', codec: ms(), default: { perMode: { embedded: 8000, container: 15_000, external: 30_000 } }, meaning: 'Deadline for an event a scenario caused', serves: 'Interface, Limits: the webhook receiver has 30 seconds to answer' }),
  waitBudgetMs: define({ variable: 'SVC_WAIT_BUDGET_MS', path: 'timings.waitBudgetMs', codec: ms(), default: { perMode: { embedded: 20_000, container: 60_000, external: 120_000 } }, meaning: "Longest a single scenario may wait on the target's own clock (challenge expiry, provisioning)", serves: '-' }),
  cardActivationDelayMs: define({ variable: 'SVC_CARD_ACTIVATION_DELAY_MS', path: 'timings.cardActivationDelayMs', codec: ms(), default: 30_000, meaning: 'How long a card whose platformCardId ends 005 stays PROCESSING before it becomes ACTIVE', serves: 'Supplement 9: a card with platformCardId ending 005 is ACTIVE after ~30 s' }),
  incomingApprovalWindowMs: define({ variable: 'SVC_INCOMING_APPROVAL_WINDOW_MS', path: 'timings.incomingApprovalWindowMs', codec: ms(), default: 5000, meaning: 'How long an incoming payment answered 202 waits for approve or reject before it is auto-rejected', serves: 'Supplement 3: 202 then POST /transactions/{id}/approve|reject within 5 s' }),
  umaLookupTtlMs: define({ variable: 'SVC_UMA_LOOKUP_TTL_MS', path: 'timings.umaLookupTtlMs', codec: ms(), meaning: 'How long an UMA receiver lookup id stays usable by a quote', serves: 'Supplement 11: a receiver lookup answers a lookupId (its life not stated)' }),
  rateFeeChangeMs: define({ variable: 'SVC_RATE_FEE_CHANGE_MS', path: 'timings.rateFeeChangeMs', codec: ms(), default: 330_000, meaning: 'Longest a fee configuration change takes to show in GET /exchange-rates (the cache age with a margin)', serves: 'Interface, Limits: exchange-rate cache age about 5 minutes; rates include platform-specific fees' }),
  eventQuietMs: define({ variable: 'SVC_EVENT_QUIET_MS', path: 'timings.eventQuietMs', codec: ms(), default: 3000, meaning: 'Quiet period after a complete event sequence before it is judged: how late a further event of the same change can come (the default leaves a real service\'s event pipeline seconds; the sandbox declares its own bound, 100 ms)', serves: 'Supplement 26: event timing' }),

  // The run's own machinery: its listener, its folders, and the tools beside the run.
  listenerMaxBodyBytes: define({ variable: 'SVC_LISTENER_MAX_BODY_BYTES', codec: ms(), default: 1024 * 1024, meaning: 'Largest webhook delivery body the listener reads; a larger one answers 413 unread', serves: "The run's own listener (docs/events.md)" }),
  listenerRequestTimeoutMs: define({ variable: 'SVC_LISTENER_REQUEST_TIMEOUT_MS', codec: ms(), default: 10_000, meaning: 'Time a client has to send the listener a whole request before it is disconnected', serves: "The run's own listener (docs/events.md)" }),
  listenerMaxConnections: define({ variable: 'SVC_LISTENER_MAX_CONNECTIONS', codec: ms(), default: 256, meaning: "Concurrent connections to the listener's delivery server; more are refused", serves: "The run's own listener (docs/events.md)" }),
  reportsDir: define({ variable: 'SVC_REPORTS_DIR', codec: text(), default: 'reports', meaning: 'The folder a run writes its reports to (relative to the working directory); parallel runs (mutants, shards) keep apart with one each', serves: "The run's own reports folder" }),
  stateDir: define({ variable: 'SVC_STATE_DIR', codec: text(), meaning: "Folder of the external target's endpoint lease files; unset: $XDG_CACHE_HOME (else ~/.cache)/svc-conformance/targets", serves: 'Supplement 2: the platform configuration holds one webhookEndpoint' }),
  sandboxImage: define({ for: 'npm run sandbox:image, npm run bench, selftest/harness/container-mode.test.ts', variable: 'SVC_SANDBOX_IMAGE', codec: text(), default: 'localhost/svc-sandbox:latest', meaning: "The tag of the sandbox's image: built with it, started by the bench and the container-mode self-test", serves: '-' }),
  containerEngine: define({ for: 'npm run sandbox:image', variable: 'SVC_CONTAINER_ENGINE', codec: text(), meaning: 'The container engine that builds the sandbox image; unset: podman, else docker', serves: '-' }),
  benchSeconds: define({ for: 'npm run bench', variable: 'SVC_BENCH_SECONDS', codec: ms(), meaning: 'Seconds of load per route (as --seconds, which it wins over; docs/performance.md)', serves: '-' }),

  // Internal: passed between the project's own processes.
  resolvedSettings: define({ internal: true, variable: 'SVC_RESOLVED_SETTINGS', codec: text(), meaning: 'The settings `npm run conformance` resolved (variables and profile), as one JSON value, for its vitest child; secrets as the variables that hold them', serves: '-' }),
  certification: define({ internal: true, variable: 'SVC_CERTIFICATION', codec: flag(), default: false, meaning: 'The run certifies (npm run certify): the known-failures list is ignored, a known failure is a failure', serves: '-' }),
  verdictReader: define({ internal: true, variable: 'SVC_VERDICT_READER', codec: flag(), default: false, meaning: "The entry point that started vitest prints the verdict last, so the global setup need not", serves: '-' }),
  secretsDir: define({ internal: true, variable: 'SVC_SECRETS_DIR', codec: text(), meaning: "Private folder where the run's processes share the secrets they learn, for the redaction of output and reports (helpers/redact.ts)", serves: '-' }),
  reportsLock: define({ internal: true, variable: 'SVC_REPORTS_LOCK', codec: text(), meaning: "The reports folder lock holder's token, inherited by the processes it starts (helpers/report/folder-lock.ts)", serves: '-' }),
  recordExchanges: define({ internal: true, for: 'npm run description:check', variable: 'SVC_RECORD_EXCHANGES', codec: text(), meaning: "The file the API client appends its exchanges to (helpers/description/recorder.ts)", serves: '-' }),
  mutantBatch: define({ internal: true, for: 'the mutation project (selftest/mutation/run.ts)', variable: 'SVC_MUTANT_BATCH', codec: text(), meaning: 'The faults (and their scenario files) of one batch of mutant runs, as JSON (selftest/mutation/run.ts, vitest.config.ts)', serves: '-' }),
  mutantBailDir: define({ internal: true, for: 'the mutation project (selftest/mutation/run.ts)', variable: 'SVC_MUTANT_BAIL_DIR', codec: text(), meaning: "Folder of the marks of faults already killed in a mutant batch, seen by every worker (selftest/mutation/bail.ts)", serves: '-' }),
  mutantWorkers: define({ internal: true, for: 'the mutation project (selftest/mutation/run.ts)', variable: 'SVC_MUTANT_WORKERS', codec: ms(), default: 4, meaning: 'Workers of one mutant batch process (vitest.config.ts)', serves: '-' }),
  fixtureResults: define({ internal: true, for: 'selftest/report/allure-concurrency.test.ts', variable: 'SVC_FIXTURE_RESULTS', codec: text(), meaning: "The results folder of the Allure reporter's self-test fixture", serves: '-' }),
} as const;

export type SettingName = keyof typeof SETTINGS;
type ValueOf<S> = S extends Setting<infer T> ? T : never;
/** A run's settings, read once (settings.ts resolveValues): each value, or undefined where nothing declares it. */
export type SettingValues = { -readonly [K in SettingName]: ValueOf<(typeof SETTINGS)[K]> | undefined };

/** The profile objects that group settings, with what each means (where the object itself says something). */
const GROUPS: Record<string, string | undefined> = {
  'capabilities.sca': 'A customer region where SCA applies, and the test code (SVC_SCA_REGION, SVC_SCA_CODE)',
  'triggers.incomingRefundSenders': 'Sender UMA addresses of POST /sandbox/uma/receive whose approved deposit is returned: refund completed, refund failed (SVC_INCOMING_REFUND_SENDER, SVC_INCOMING_REFUND_FAILED_SENDER)',
  'customers.contactVerification': "A region whose customers' provider requires contact verification, and the test code (SVC_CONTACT_VERIFICATION_REGION, SVC_CONTACT_VERIFICATION_CODE)",
};

/**
 * One setting from its variable alone, else its default for the mode: for a module that needs it
 * before, or without, a run's settings (a worker's listener, a tool beside the run). Read with the
 * setting's own codec, as the run reads it (settings.ts resolveValues).
 */
export function readSetting<T>(s: Setting<T>, env: NodeJS.ProcessEnv = process.env, mode: Mode = 'embedded'): T | undefined {
  const raw = s.variable ? env[s.variable] : undefined;
  const parsed = raw !== undefined && raw !== '' ? s.codec.parse(s.variable!, raw) : undefined;
  return parsed ?? settingDefault(s, mode);
}

export function settingDefault<T>(s: Setting<T>, mode: Mode): T | undefined {
  const d = s.default;
  return d !== null && typeof d === 'object' && 'perMode' in (d as object) ? (d as { perMode: Record<Mode, T> }).perMode[mode] : (d as T | undefined);
}

/** The target profile's validation, built from the settings that have a place in it. */
export function profileSchema(): z.ZodObject {
  type Node = { [key: string]: Node | z.ZodType };
  const root: Node = {};
  for (const s of Object.values(SETTINGS) as Setting<unknown>[]) {
    if (!s.path || !s.codec.schema) continue;
    const parts = s.path.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Node;
    const described = s.codec.schema.describe(s.variable ? `${s.meaning} (${s.variable})` : s.meaning);
    node[parts.at(-1)!] = s.required ? described : described.optional();
  }
  const build = (node: Node, at: string): z.ZodObject =>
    z.strictObject(Object.fromEntries(Object.entries(node).map(([k, v]) => {
      if (v instanceof z.ZodType) return [k, v];
      const path = at ? `${at}.${k}` : k;
      const object = build(v, path).optional();
      return [k, GROUPS[path] ? object.describe(GROUPS[path]) : object];
    })));
  return build(root, '').describe('A target of the svc-conformance suites');
}
