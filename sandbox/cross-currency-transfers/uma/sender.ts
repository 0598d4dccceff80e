// The sandbox's own UMA sender logic (supplement §18): the lookup leg (lnurlp request, the
// counterparty's published keys, the signed compliance answer) and the pay-request leg of a quote.
// Every UMA code here comes from a check on what the counterparty really answered; each check is
// named by the fault that skips it.
import { randomBytes, randomUUID } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { z } from 'zod';
import type { SandboxContext } from '../../context.js';
import type { FaultName } from '../../faults.js';
import { ApiError, badRequest, invalidInput, notFound } from '../../http/errors.js';
import { CURRENCIES } from '../../currencies.js';
import { rate, rateSupported } from '../../exchange-rates/state.js';
import { hexBytes, LOOKUP_SIGNATURE_ALTERNATE_CODE, LOOKUP_SIGNATURE_TRIGGER, signable, toHex, Unreachable, type Answer, type Counterparty, type CounterpartyDirectory, type SenderIdentity } from './counterparties.js';
import { verifyChain, type TrustAnchor } from './pki.js';
import { assertSpoken, UMA_MAJOR_VERSIONS } from './versions.js';

export { UMA_MAJOR_VERSIONS } from './versions.js';
/** A signed UMA message older or newer than this (against the sandbox clock) is refused. */
export const UMA_TIMESTAMP_WINDOW_S = 300;
export const UMA_ADDRESS = /^\$([a-z0-9._-]+)@([a-z0-9-]+(\.[a-z0-9-]+)+)$/i;

export interface LookupRecord {
  id: string;
  /** The UMA receiver, or the external account, the lookup is for. */
  receiverUmaAddress?: string;
  accountId?: string;
  counterparty?: Counterparty;
  signingKey?: Uint8Array;
  supportedCurrencies: { currency: { code: string; name: string; symbol: string; decimals: number }; estimatedExchangeRate: number; min: number; max: number }[];
  requiredPayerDataFields: { name: string; mandatory: boolean }[];
  expiresAt: number;
}

const LnurlpResponse = z.object({
  callback: z.string().min(1),
  minSendable: z.number(),
  maxSendable: z.number(),
  currencies: z.array(z.object({ code: z.string(), decimals: z.number().int(), convertible: z.object({ min: z.number(), max: z.number() }) }).loose()).min(1),
  payerData: z.record(z.string(), z.object({ mandatory: z.boolean() }).loose()),
  compliance: z.object({
    signature: z.string().min(1),
    signatureNonce: z.string().min(1),
    signatureTimestamp: z.number().int(),
    receiverIdentifier: z.string().min(1),
  }).loose(),
  umaVersion: z.string().min(1),
}).loose();

const PayReqResponse = z.object({
  pr: z.string().min(1),
  umaVersion: z.string().optional(),
  converted: z.object({ amount: z.number(), currencyCode: z.string() }).loose(),
  payeeData: z.object({
    compliance: z.object({ signature: z.string(), signatureNonce: z.string(), signatureTimestamp: z.number().int(), payeeIdentifier: z.string() }).loose(),
  }).loose(),
}).loose();

/** Payer data keys of the lnurlp answer, as the interface's requiredPayerDataFields names them. */
const PAYER_FIELD: Record<string, string> = { name: 'FULL_NAME', identifier: 'IDENTIFIER', email: 'EMAIL', countryOfResidence: 'COUNTRY_OF_RESIDENCE', birthDate: 'BIRTH_DATE', nationality: 'NATIONALITY' };

export class UmaSender {
  readonly lookups = new Map<string, LookupRecord>();
  /** Nonces already seen, per counterparty domain: a replayed signed answer is refused. */
  private readonly nonces = new Map<string, Set<string>>();
  private readonly signingSecret = secp256k1.utils.randomSecretKey();
  private readonly signingKey = secp256k1.getPublicKey(this.signingSecret, true);

  constructor(
    private readonly ctx: SandboxContext,
    private readonly anchor: TrustAnchor,
    private readonly directory: CounterpartyDirectory,
  ) {}

  private get identity(): SenderIdentity {
    return { domain: this.ctx.config.umaDomain, signingKey: this.signingKey };
  }

  /** The lookup leg: GET /receiver/uma/{receiverUmaAddress}. */
  async lookup(address: string): Promise<LookupRecord> {
    const f = this.ctx.faults;
    const m = UMA_ADDRESS.exec(address);
    if (!m) throw badRequest('INVALID_UMA_ADDRESS', `${address} is not an UMA address ($user@domain)`);
    const cp = this.directory.at(m[2]);
    if (!cp) {
      // The alternate reads a domain no counterparty serves as the lnurlp request failing (424), not as no receiver.
      if (this.ctx.choices.alternate('uma-unserved-domain-424')) throw new ApiError(424, 'LNURLP_REQUEST_FAILED', `No UMA counterparty answers the lnurlp request at ${m[2]}`);
      throw notFound('UMA_NOT_FOUND', `No UMA counterparty answers at ${m[2]}`);
    }
    const now = this.ctx.clock.now();
    const nonce = randomBytes(16).toString('hex');
    const timestamp = Math.floor(now / 1000);
    const answer = this.call('LNURLP_REQUEST_FAILED', cp, () =>
      cp.lnurlp(
        { receiverAddress: address, nonce, timestamp, vaspDomain: this.identity.domain, umaVersion: '1.0', isSubjectToTravelRule: true, signature: toHex(secp256k1.sign(signable(address, nonce, timestamp), this.signingSecret)) },
        this.identity,
      ),
    );
    if (answer.status === 412) {
      // Version negotiation: the counterparty names the major versions it speaks; none is the sender's.
      const supported = (parseJson(answer.text) as { supportedMajorVersions?: unknown } | undefined)?.supportedMajorVersions;
      const common = Array.isArray(supported) ? supported.filter((v) => UMA_MAJOR_VERSIONS.includes(Number(v))) : [];
      if (!common.length) throw new ApiError(424, 'NO_COMPATIBLE_UMA_VERSION', `${cp.domain} speaks UMA ${JSON.stringify(supported)}, the sender ${UMA_MAJOR_VERSIONS.join(', ')}`);
    }
    if (answer.status === 404) throw f.has('uma-unknown-400') ? badRequest('INVALID_UMA_ADDRESS', `No receiver at ${address}`) : notFound('UMA_NOT_FOUND', `${cp.domain} has no receiver ${address}`);
    if (answer.status === 403 && !f.has('uma-sender-refusal-ignored')) {
      throw badRequest('SENDER_NOT_ACCEPTED', `${cp.domain} does not accept payments from this platform: ${reasonOf(answer)}`);
    }
    if (answer.status !== 200 && answer.status !== 403) throw badRequest('LOOKUP_REQUEST_FAILED', `The lnurlp request to ${cp.domain} failed with ${answer.status}`);
    const json = parseJson(answer.text);
    if (json === undefined || typeof json !== 'object' || json === null) {
      throw badRequest('PARSE_LNURLP_RESPONSE_ERROR', `The lnurlp response of ${cp.domain} is not JSON: ${answer.text.slice(0, 60)}`);
    }
    const parsed = LnurlpResponse.safeParse(json);
    if (!parsed.success) {
      const missing = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
      throw badRequest('MISSING_REQUIRED_UMA_PARAMETERS', `The lnurlp response of ${cp.domain} lacks UMA parameters: ${missing}`, { missing: parsed.error.issues.map((i) => i.path.join('.')) });
    }
    const res = parsed.data;
    if (!f.has('uma-version-unchecked')) assertSpoken(cp.domain, res.umaVersion);
    const signingKey = await this.counterpartyKey(cp, now);
    const c = res.compliance;
    if (!verify(c.signature, signable(c.receiverIdentifier, c.signatureNonce, c.signatureTimestamp), signingKey) && !f.has('uma-lookup-signature-unchecked')) {
      // The alternate answers it as an lnurlp response that does not parse as a valid one (declared in the profile).
      const code = this.ctx.choices.alternate('uma-lookup-signature-parse-error') ? LOOKUP_SIGNATURE_ALTERNATE_CODE : LOOKUP_SIGNATURE_TRIGGER.code;
      throw badRequest(code, `The compliance signature of ${cp.domain} does not verify with its published key`);
    }
    if (c.receiverIdentifier !== address && !f.has('uma-receiver-unchecked')) {
      throw badRequest('INVALID_RECEIVER', `${cp.domain} answered for ${c.receiverIdentifier}, not for ${address}`);
    }
    this.checkFreshness(cp, c.signatureNonce, c.signatureTimestamp, now, { timestamp: 'uma-timestamp-unchecked', nonce: 'uma-nonce-unchecked' });
    const record: LookupRecord = {
      id: `Lookup:${randomUUID()}`,
      receiverUmaAddress: address,
      counterparty: cp,
      signingKey,
      supportedCurrencies: res.currencies.map((cur) => ({
        currency: currencyOf(cur.code, cur.decimals),
        estimatedExchangeRate: estimatedRate(this.ctx, cur.code),
        min: cur.convertible.min,
        max: cur.convertible.max,
      })),
      requiredPayerDataFields: Object.entries(res.payerData)
        .filter(([k]) => k !== 'compliance')
        .map(([k, v]) => ({ name: PAYER_FIELD[k] ?? k.toUpperCase(), mandatory: v.mandatory })),
      expiresAt: now + this.ctx.settings.umaLookupTtlMs,
    };
    this.lookups.set(record.id, record);
    return record;
  }

  /** A lookup of an external account (GET /receiver/external-account/{externalAccountId}). */
  accountLookup(accountId: string, currency: string): LookupRecord {
    const record: LookupRecord = {
      id: `Lookup:${randomUUID()}`,
      accountId,
      supportedCurrencies: [{ currency: currencyOf(currency, CURRENCIES.get(currency)?.decimals ?? 2), estimatedExchangeRate: estimatedRate(this.ctx, currency), min: 100, max: 100_000_000 }],
      requiredPayerDataFields: [],
      expiresAt: this.ctx.clock.now() + this.ctx.settings.umaLookupTtlMs,
    };
    this.lookups.set(record.id, record);
    return record;
  }

  /**
   * The pay-request leg of POST /quotes to an UMA address: the lookup must be known and current and
   * for that receiver; the counterparty's answer must parse and be signed with its published key.
   * Returns the receiving currency.
   */
  payRequest(lookupId: string, address: string, amount: number, currency: string | undefined, senderCustomerInfo?: Record<string, unknown>): { currency: string; range?: { min: number; max: number } } {
    const f = this.ctx.faults;
    const lookup = this.lookups.get(lookupId);
    const now = this.ctx.clock.now();
    // Fault uma-lookup-single-use: an id serves one quote and then never expires (a used id looks expired).
    const expired = lookup !== undefined && now >= lookup.expiresAt && !f.has('uma-lookup-never-expires') && !f.has('uma-lookup-single-use');
    // The alternate refuses a current lookup of another receiver as a mismatched request (400), not as no lookup (404).
    if (lookup && !expired && lookup.receiverUmaAddress !== address && this.ctx.choices.alternate('uma-lookup-other-receiver-refused')) {
      throw invalidInput([{ field: 'lookupId', message: `lookup ${lookupId} is of ${lookup.receiverUmaAddress ?? lookup.accountId}, not ${address}` }]);
    }
    if (!lookup || expired || lookup.receiverUmaAddress !== address) {
      throw notFound('LOOKUP_REQUEST_NOT_FOUND', `No current lookup ${lookupId} for ${address}${expired ? ' (it expired)' : ''}`);
    }
    if (f.has('uma-lookup-single-use')) this.lookups.delete(lookupId);
    const cp = lookup.counterparty!;
    const code = currency ?? lookup.supportedCurrencies[0].currency.code;
    if (!lookup.supportedCurrencies.some((c) => c.currency.code === code) || !rateSupported(code)) {
      throw badRequest('INVALID_CURRENCY', `${address} does not receive ${code}`);
    }
    // Supplement 18: senderCustomerInfo carries each field the lookup asked for (the mandatory ones here).
    const missing = lookup.requiredPayerDataFields.filter((p) => p.mandatory && !carried(senderCustomerInfo?.[p.name]));
    if (missing.length && !f.has('uma-payer-data-unchecked')) {
      throw badRequest('MISSING_MANDATORY_USER_INFO', `The receiver asks for ${missing.map((p) => p.name).join(', ')} of the sender`, {
        errors: missing.map((p) => ({ field: `senderCustomerInfo.${p.name}`, message: `${address} requires ${p.name}` })),
      });
    }
    const payerData = Object.fromEntries(Object.entries(senderCustomerInfo ?? {}).filter(([, v]) => carried(v)));
    const answer = this.call('PAYREQ_REQUEST_FAILED', cp, () => cp.payRequest({ receiverAddress: address, amount, currency: code, payerData: { ...payerData, identifier: this.identity.domain }, umaVersion: '1.0' }));
    if (answer.status === 400 && !f.has('uma-payreq-refusal-ignored')) {
      throw badRequest('INVALID_REQUEST_FORMAT', `${cp.domain} refused the pay request's format: ${reasonOf(answer)}`);
    }
    if (answer.status !== 200) throw badRequest('QUOTE_REQUEST_FAILED', `The pay request to ${cp.domain} failed with ${answer.status}; it may be retried`, { retryable: true });
    const json = parseJson(answer.text);
    if (json === undefined) throw badRequest('PARSE_PAYREQ_RESPONSE_ERROR', `The pay-request response of ${cp.domain} is not JSON`);
    const parsed = PayReqResponse.safeParse(json);
    if (!parsed.success) throw badRequest('INVALID_PAYREQ_RESPONSE', `The pay-request response of ${cp.domain} lacks ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    // Supplement 18: UNSUPPORTED_UMA_VERSION on the "lookup or quote" legs: the pay-request answer's version too.
    if (!f.has('uma-payreq-version-unchecked')) assertSpoken(cp.domain, parsed.data.umaVersion ?? '1.0');
    const c = parsed.data.payeeData.compliance;
    const signed = verify(c.signature, signable(c.payeeIdentifier, c.signatureNonce, c.signatureTimestamp), lookup.signingKey!);
    if ((!signed && !f.has('uma-payreq-signature-unchecked')) || c.payeeIdentifier !== address || parsed.data.converted.currencyCode !== code) {
      throw badRequest('INVALID_PAYREQ_RESPONSE', `The pay-request response of ${cp.domain} is not signed by its published key for ${address}`);
    }
    // Supplement 18: INVALID_TIMESTAMP and INVALID_NONCE on the "lookup or quote" legs; the signed payee answer is checked as the lnurlp one.
    this.checkFreshness(cp, c.signatureNonce, c.signatureTimestamp, this.ctx.clock.now(), { timestamp: 'uma-payreq-timestamp-unchecked', nonce: 'uma-payreq-nonce-unchecked' });
    // The description, CurrencyPreference: min and max, "the minimum (maximum) amount that can be received in this currency".
    const offered = lookup.supportedCurrencies.find((x) => x.currency.code === code);
    return { currency: code, ...(offered ? { range: { min: offered.min, max: offered.max } } : {}) };
  }

  /** The counterparty's published chain, checked against the trust anchor; its UMA signing key. */
  private async counterpartyKey(cp: Counterparty, now: number): Promise<Uint8Array> {
    const f = this.ctx.faults;
    const keysAnswer = this.call('COUNTERPARTY_PUBKEY_FETCH_ERROR', cp, () => cp.pubkeys());
    if (keysAnswer.status !== 200) throw this.dependencyFailed('COUNTERPARTY_PUBKEY_FETCH_ERROR', `${cp.domain} did not publish its keys: ${keysAnswer.status}`);
    const published = parseJson(keysAnswer.text) as { signingCertChain?: unknown } | undefined;
    const verdict = await verifyChain(published?.signingCertChain, this.anchor, now, {
      expiry: f.has('uma-cert-expiry-unchecked'),
      signatures: f.has('uma-cert-chain-unchecked'),
      keyFormat: f.has('uma-pubkey-format-unchecked'),
    });
    if (!verdict.ok) throw badRequest(verdict.code, `The certificate chain of ${cp.domain}: ${verdict.reason}`);
    return verdict.signingKey;
  }

  /** A leg's request to the counterparty; a counterparty that cannot be reached is a failed dependency (424). */
  private call(code: string, cp: Counterparty, leg: () => Answer): Answer {
    try {
      return leg();
    } catch (err) {
      if (err instanceof Unreachable) throw this.dependencyFailed(code, `${cp.domain} cannot be reached: ${err.message}`);
      throw err;
    }
  }

  private dependencyFailed(code: string, message: string): ApiError {
    // The fault answers the client's mistake status for the counterparty's failure.
    return this.ctx.faults.has('uma-counterparty-failure-400') ? badRequest(code.startsWith('PAYREQ') ? 'QUOTE_REQUEST_FAILED' : 'LOOKUP_REQUEST_FAILED', message) : new ApiError(424, code, message);
  }

  /** A signed answer's timestamp within the window and its nonce new for the counterparty; `skip` names the faults that skip each check. */
  private checkFreshness(cp: Counterparty, nonce: string, timestamp: number, now: number, skip: { timestamp: FaultName; nonce: FaultName }): void {
    const f = this.ctx.faults;
    if (Math.abs(now / 1000 - timestamp) > UMA_TIMESTAMP_WINDOW_S && !f.has(skip.timestamp)) {
      throw badRequest('INVALID_TIMESTAMP', `${cp.domain} signed its answer at ${new Date(timestamp * 1000).toISOString()}, outside ${UMA_TIMESTAMP_WINDOW_S} s of now`);
    }
    const seen = this.nonces.get(cp.domain) ?? new Set<string>();
    this.nonces.set(cp.domain, seen);
    if (seen.has(nonce) && !f.has(skip.nonce)) throw badRequest('INVALID_NONCE', `${cp.domain} reused the nonce ${nonce}`);
    seen.add(nonce);
  }
}

const carried = (v: unknown) => v !== undefined && v !== null && v !== '';

function verify(signatureHex: string, message: Uint8Array, key: Uint8Array): boolean {
  try {
    return secp256k1.verify(hexBytes(signatureHex), message, key);
  } catch {
    // A key the format check let through (fault uma-pubkey-format-unchecked) cannot verify anything.
    return false;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function reasonOf(answer: Answer): string {
  const body = parseJson(answer.text) as { reason?: unknown } | undefined;
  return typeof body?.reason === 'string' ? body.reason : `status ${answer.status}`;
}

function currencyOf(code: string, decimals: number) {
  const info = CURRENCIES.get(code);
  return { code, name: info?.name ?? code, symbol: info?.symbol ?? code, decimals: info?.decimals ?? decimals };
}

/** Sending units (USD) per receiving unit, as a quote's exchangeRate reads; an estimate. */
function estimatedRate(ctx: SandboxContext, code: string): number {
  if (!rateSupported(code)) return 1;
  return Number((1 / rate(ctx, 'USD', code).value).toFixed(8));
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
