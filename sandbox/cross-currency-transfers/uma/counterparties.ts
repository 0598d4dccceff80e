// Simulated counterparty VASPs, in process: each answers the three UMA legs the sandbox's sender
// logic (sender.ts) drives: its published keys (/.well-known/lnurlpubkey), the lnurlp lookup and the
// pay request (callback). A trigger counterparty really misbehaves in one way, and the sender's own
// checks find it; nothing maps an address to an error code. `wellBehaved` makes every counterparty
// behave (the acceptance self-test: same address, the code disappears).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { makeCounterpartyKeys, type CounterpartyKeys, type LeafOptions, type TrustAnchor } from './pki.js';

/** How a trigger counterparty misbehaves (sandbox/README.md lists the addresses). */
export type Misbehaviour =
  | 'lookup-fails'
  | 'lnurlp-unparsable'
  | 'missing-parameters'
  | 'sender-not-accepted'
  | 'cert-expired'
  | 'cert-invalid'
  | 'pubkey-malformed'
  | 'stale-timestamp'
  | 'nonce-reused'
  | 'receiver-mismatch'
  | 'payreq-fails'
  | 'payreq-unparsable'
  | 'payreq-bad-signature'
  | 'payreq-refuses-format'
  | 'lnurlp-unreachable'
  | 'pubkey-unreachable'
  | 'version-unsupported'
  | 'no-common-version'
  | 'payreq-unreachable'
  | 'lnurlp-bad-signature'
  | 'payreq-stale-timestamp'
  | 'payreq-nonce-reused'
  | 'payreq-version-unsupported';

/** The domain of the trigger counterparties; each misbehaviour is a subdomain. */
export const COUNTERPARTY_DOMAIN = 'counterparty.sandbox.uma.money';
export const triggerAddress = (m: Misbehaviour) => `$receiver@${m}.${COUNTERPARTY_DOMAIN}`;

/** What the sandbox's sender finds, by misbehaviour, and at which leg (the sandbox profile declares them). */
export const LOOKUP_TRIGGERS: Record<string, Misbehaviour> = {
  LOOKUP_REQUEST_FAILED: 'lookup-fails',
  PARSE_LNURLP_RESPONSE_ERROR: 'lnurlp-unparsable',
  MISSING_REQUIRED_UMA_PARAMETERS: 'missing-parameters',
  SENDER_NOT_ACCEPTED: 'sender-not-accepted',
  CERT_CHAIN_EXPIRED: 'cert-expired',
  CERT_CHAIN_INVALID: 'cert-invalid',
  INVALID_PUBKEY_FORMAT: 'pubkey-malformed',
  INVALID_TIMESTAMP: 'stale-timestamp',
  INVALID_NONCE: 'nonce-reused',
  INVALID_RECEIVER: 'receiver-mismatch',
  LNURLP_REQUEST_FAILED: 'lnurlp-unreachable',
  COUNTERPARTY_PUBKEY_FETCH_ERROR: 'pubkey-unreachable',
  UNSUPPORTED_UMA_VERSION: 'version-unsupported',
  NO_COMPATIBLE_UMA_VERSION: 'no-common-version',
};
export const QUOTE_TRIGGERS: Record<string, Misbehaviour> = {
  QUOTE_REQUEST_FAILED: 'payreq-fails',
  PARSE_PAYREQ_RESPONSE_ERROR: 'payreq-unparsable',
  INVALID_PAYREQ_RESPONSE: 'payreq-bad-signature',
  INVALID_REQUEST_FORMAT: 'payreq-refuses-format',
  PAYREQ_REQUEST_FAILED: 'payreq-unreachable',
  // Supplement 18 files INVALID_TIMESTAMP and INVALID_NONCE under "lookup or quote": the pay-request
  // answer's compliance signature is checked for freshness as the lnurlp answer's is.
  INVALID_TIMESTAMP: 'payreq-stale-timestamp',
  INVALID_NONCE: 'payreq-nonce-reused',
  // Supplement 18 files UNSUPPORTED_UMA_VERSION under "lookup or quote": a pay-request answer in a major
  // version the sender does not speak.
  UNSUPPORTED_UMA_VERSION: 'payreq-version-unsupported',
};
/**
 * A counterparty whose lnurlp compliance answer is signed with a key other than the one its
 * certificate chain publishes. No document names the code (supplement 18 lists none for a bad
 * lookup signature); the sandbox answers the lookup leg's failure, LOOKUP_REQUEST_FAILED (sandbox/README.md).
 */
export const LOOKUP_SIGNATURE_TRIGGER = { code: 'LOOKUP_REQUEST_FAILED', misbehaviour: 'lnurlp-bad-signature' as Misbehaviour };
/** The code of a bad lookup signature in the alternate uma-lookup-signature-parse-error: the lnurlp answer is not one the sender can read as valid. */
export const LOOKUP_SIGNATURE_ALTERNATE_CODE = 'PARSE_LNURLP_RESPONSE_ERROR';

/** A counterparty nobody answers for: the connection is refused. */
export class Unreachable extends Error {
  constructor(domain: string) {
    super(`connect ECONNREFUSED ${domain}:443`);
  }
}

/** An HTTP answer as the counterparty sends it: a status and raw text. */
export interface Answer {
  status: number;
  text: string;
}

export interface LnurlpRequest {
  receiverAddress: string;
  nonce: string;
  timestamp: number;
  vaspDomain: string;
  umaVersion: string;
  isSubjectToTravelRule: boolean;
  /** hex secp256k1 signature of the sender over `receiverAddress|nonce|timestamp`. */
  signature: string;
}

export interface PayRequest {
  receiverAddress: string;
  /** Amount in the smallest unit of `currency`. */
  amount: number;
  currency: string;
  payerData: Record<string, unknown>;
  umaVersion: string;
}

/** The UMA signature input: `a|b|c` hashed with SHA-256 by noble's sign/verify. */
export const signable = (...parts: (string | number)[]) => new TextEncoder().encode(parts.join('|'));
export const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

export interface SenderIdentity {
  domain: string;
  signingKey: Uint8Array;
}

export class Counterparty {
  /** The one nonce the nonce-reusing counterparty signs every answer with. */
  private readonly replayNonce = randomBytes(16).toString('hex');

  constructor(
    readonly domain: string,
    readonly keys: CounterpartyKeys,
    /** Users the counterparty answers for, with the currency each receives. */
    private readonly users: (user: string) => string | undefined,
    readonly misbehaviour: Misbehaviour | undefined,
    private readonly now: () => number,
    /** Sender VASP domains the counterparty accepts payments from. */
    private readonly acceptedSenders: (domain: string) => boolean,
  ) {}

  /** GET /.well-known/lnurlpubkey */
  pubkeys(): Answer {
    if (this.misbehaviour === 'pubkey-unreachable') return { status: 503, text: 'Service Unavailable' };
    return { status: 200, text: JSON.stringify({ signingCertChain: this.keys.chainPem, encryptionCertChain: this.keys.chainPem }) };
  }

  /** GET /.well-known/lnurlp/{user} with the sender's signed query. */
  lnurlp(req: LnurlpRequest, sender: SenderIdentity): Answer {
    const m = this.misbehaviour;
    if (m === 'lookup-fails') return { status: 503, text: 'upstream connect error or disconnect/reset before headers' };
    if (m === 'lnurlp-unreachable') throw new Unreachable(this.domain);
    // This counterparty speaks only UMA 0.x: it names the major versions it supports (UMA version negotiation).
    if (m === 'no-common-version' && !/^0\./.test(req.umaVersion)) {
      return { status: 412, text: JSON.stringify({ status: 'ERROR', reason: 'Unsupported UMA version', supportedMajorVersions: [0], unsupportedVersion: req.umaVersion }) };
    }
    if (m === 'lnurlp-unparsable') return { status: 200, text: '<html><body>Welcome to our wallet!</body></html>' };
    // The counterparty checks the sender's signature and whether it deals with that VASP at all.
    let signed = false;
    try {
      signed = secp256k1.verify(hexBytes(req.signature), signable(req.receiverAddress, req.nonce, req.timestamp), sender.signingKey);
    } catch {
      signed = false;
    }
    if (!signed) return { status: 400, text: JSON.stringify({ status: 'ERROR', reason: 'Invalid signature' }) };
    if (!this.acceptedSenders(req.vaspDomain)) return { status: 403, text: JSON.stringify({ status: 'ERROR', reason: `We do not accept payments from ${req.vaspDomain}` }) };
    const user = /^\$([^@]+)@/.exec(req.receiverAddress)?.[1] ?? '';
    const currency = this.users(user.toLowerCase());
    if (!currency) return { status: 404, text: JSON.stringify({ status: 'ERROR', reason: 'Unable to find user' }) };

    const nonce = m === 'nonce-reused' ? this.replayNonce : randomBytes(16).toString('hex');
    const timestamp = Math.floor(this.now() / 1000) - (m === 'stale-timestamp' ? 3600 : 0);
    const receiverIdentifier = m === 'receiver-mismatch' ? `$someone.else@${this.domain}` : req.receiverAddress;
    // This counterparty signs its compliance answer with a key of its own, not the published one.
    const lnurlpKey = m === 'lnurlp-bad-signature' ? secp256k1.utils.randomSecretKey() : this.keys.signingSecret;
    const signature = toHex(secp256k1.sign(signable(receiverIdentifier, nonce, timestamp), lnurlpKey));
    const body: Record<string, unknown> = {
      tag: 'payRequest',
      callback: `https://${this.domain}/api/uma/payreq/${encodeURIComponent(user)}`,
      minSendable: 1_000,
      maxSendable: 1_000_000_000_000,
      metadata: JSON.stringify([['text/plain', `Pay ${req.receiverAddress}`], ['text/identifier', req.receiverAddress]]),
      currencies: [{ code: currency, name: currency, symbol: currency, decimals: 2, multiplier: 1, convertible: { min: 100, max: 100_000_000 } }],
      payerData: { identifier: { mandatory: true }, name: { mandatory: true }, compliance: { mandatory: true } },
      compliance: { kycStatus: 'VERIFIED', signature, signatureNonce: nonce, signatureTimestamp: timestamp, isSubjectToTravelRule: true, receiverIdentifier },
      // This counterparty answers in a version the sender did not ask for and does not speak.
      umaVersion: m === 'version-unsupported' ? '2.0' : '1.0',
    };
    if (m === 'missing-parameters') {
      delete body.compliance;
      delete body.umaVersion;
    }
    return { status: 200, text: JSON.stringify(body) };
  }

  /** POST {callback}: the pay request; the answer carries the invoice and the conversion. */
  payRequest(req: PayRequest): Answer {
    const m = this.misbehaviour;
    if (m === 'payreq-unreachable') throw new Unreachable(this.domain);
    if (m === 'payreq-fails') return { status: 500, text: JSON.stringify({ status: 'ERROR', reason: 'Internal error' }) };
    if (m === 'payreq-unparsable') return { status: 200, text: '{"pr": "lnbc1' };
    // This counterparty reads only the newer request form, where amount is "<amount>.<CURRENCY>".
    if (m === 'payreq-refuses-format' && !/^\d+\.[A-Z]{3}$/.test(String(req.amount))) {
      return { status: 400, text: JSON.stringify({ status: 'ERROR', reason: 'amount must be "<amount>.<currency>"' }) };
    }
    const nonce = m === 'payreq-nonce-reused' ? this.replayNonce : randomBytes(16).toString('hex');
    const timestamp = Math.floor(this.now() / 1000) - (m === 'payreq-stale-timestamp' ? 3600 : 0);
    const payee = req.receiverAddress;
    const key = m === 'payreq-bad-signature' ? secp256k1.utils.randomSecretKey() : this.keys.signingSecret;
    const signature = toHex(secp256k1.sign(signable(payee, nonce, timestamp), key));
    return {
      status: 200,
      text: JSON.stringify({
        pr: `lnbc${req.amount}n1${randomBytes(20).toString('hex')}`,
        routes: [],
        converted: { amount: req.amount, currencyCode: req.currency, decimals: 2, multiplier: 1, fee: 0 },
        payeeData: { identifier: payee, compliance: { signature, signatureNonce: nonce, signatureTimestamp: timestamp, payeeIdentifier: payee, utxos: [] } },
        umaVersion: m === 'payreq-version-unsupported' ? '2.0' : '1.0',
        paymentId: randomUUID(),
      }),
    };
  }
}

export interface CounterpartyDirectory {
  /** The counterparty serving a domain, if any. */
  at(domain: string): Counterparty | undefined;
}

/** The supplement's receivers at sandbox.uma.money: success, pending.long, fail.compliance; usd, eur, mxn. */
const SANDBOX_RECEIVER = /^(success|pending\.long|fail\.compliance)\.(usd|eur|mxn)$/;

/**
 * Builds every counterparty with fresh keys: the well-behaved VASP at `sandboxDomain` (the
 * supplement's receivers) and one per misbehaviour at `<misbehaviour>.counterparty.sandbox.uma.money`.
 */
export async function makeCounterparties(opts: {
  anchor: TrustAnchor;
  now: () => number;
  sandboxDomain: string;
  senderDomain: () => string;
  wellBehaved: boolean;
}): Promise<CounterpartyDirectory> {
  const byDomain = new Map<string, Counterparty>();
  const accepts = (domain: string) => domain === opts.senderDomain();
  const at = opts.now();
  byDomain.set(
    opts.sandboxDomain,
    new Counterparty(opts.sandboxDomain, await makeCounterpartyKeys(opts.sandboxDomain, opts.anchor, at), (u) => SANDBOX_RECEIVER.exec(u)?.[2].toUpperCase(), undefined, opts.now, accepts),
  );
  const all = [...new Set([...Object.values(LOOKUP_TRIGGERS), ...Object.values(QUOTE_TRIGGERS), LOOKUP_SIGNATURE_TRIGGER.misbehaviour])];
  await Promise.all(
    all.map(async (m) => {
      const domain = `${m}.${COUNTERPARTY_DOMAIN}`;
      const behaves = opts.wellBehaved;
      const leaf: LeafOptions = behaves ? {} : { expired: m === 'cert-expired', forged: m === 'cert-invalid', malformedKey: m === 'pubkey-malformed' };
      const keys = await makeCounterpartyKeys(domain, opts.anchor, at, leaf);
      // This one deals only with a partner VASP it knows, not with the sandbox platform.
      const acceptedSenders = !behaves && m === 'sender-not-accepted' ? (d: string) => d === 'partner-vasp.example' : accepts;
      byDomain.set(domain, new Counterparty(domain, keys, (u) => (u === 'receiver' ? 'USD' : undefined), behaves ? undefined : m, opts.now, acceptedSenders));
    }),
  );
  return { at: (domain) => byDomain.get(domain.toLowerCase()) };
}

export const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');
export function hexBytes(s: string): Uint8Array {
  if (typeof s !== 'string' || !/^([0-9a-f]{2})*$/i.test(s)) throw new Error('not hex');
  return Uint8Array.from(Buffer.from(s, 'hex'));
}
