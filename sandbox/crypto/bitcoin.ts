// Bitcoin message signatures, the sandbox's side: the "\x18Bitcoin Signed Message:\n" magic hash
// (node:crypto double SHA-256), the key recovered with elliptic's secp256k1, the address read with
// bs58 (double-SHA-256 checksum), the bech32 package and node:crypto RIPEMD-160. The harness uses
// @noble/curves and @scure/base for the same job. The header byte says how to read the key:
//   bip137:   27-30 P2PKH uncompressed, 31-34 P2PKH compressed, 35-38 P2SH-P2WPKH, 39-42 P2WPKH
//   electrum: 27-30 uncompressed, 31-34 compressed, for every address type
// A Spark address (bech32m "spark", protobuf {1: identity key}) is matched against the identity key
// itself, with any compressed header of the scheme. High-S signatures are refused (malleations).
import { createHash } from 'node:crypto';
import { bech32, bech32m } from 'bech32';
import bs58 from 'bs58';
import elliptic from 'elliptic';

export type BitcoinScheme = 'bip137' | 'electrum';
export type AddressKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'spark';
export type Verdict = { ok: true } | { ok: false; reason: string };

const curve = new elliptic.ec('secp256k1');
// secp256k1's group order (SEC 2, section 2.4.1).
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const MAGIC = Buffer.from('\x18Bitcoin Signed Message:\n', 'utf8');

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();
export const hash160 = (b: Uint8Array) => createHash('ripemd160').update(sha256(b)).digest();

/** Bitcoin's CompactSize length prefix. */
function compactSize(n: number): Buffer {
  if (n < 0xfd) return Buffer.of(n);
  if (n <= 0xffff) return Buffer.of(0xfd, n & 0xff, n >> 8);
  const out = Buffer.alloc(5);
  out[0] = 0xfe;
  out.writeUInt32LE(n, 1);
  return out;
}

/** sha256(sha256(magic || CompactSize(len) || message)), the digest a Bitcoin message signature signs. */
export function magicHash(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return sha256(sha256(Buffer.concat([MAGIC, compactSize(body.length), body])));
}

/** Base58Check (version byte, payload, 4-byte double-SHA-256 checksum); undefined when it does not check. */
export function base58checkDecode(text: string): Uint8Array | undefined {
  const raw = bs58.decodeUnsafe(text);
  if (!raw || raw.length < 5) return undefined;
  const payload = raw.subarray(0, -4);
  const check = sha256(sha256(payload)).subarray(0, 4);
  return Buffer.from(check).equals(raw.subarray(-4)) ? payload : undefined;
}

export function base58checkEncode(payload: Uint8Array): string {
  return bs58.encode(Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]));
}

export interface ParsedAddress {
  kind: AddressKind;
  /** The 20-byte hash the address pays to (key hash, script hash or witness program). */
  hash?: Buffer;
  /** For a Spark address, the 33-byte compressed identity key it encodes. */
  identityKey?: Buffer;
}

/**
 * Which mainnet form an address has, or undefined when it is none the sandbox accepts. `testnet` also
 * reads the testnet forms of the three Bitcoin addresses (version bytes 0x6f and 0xc4, bech32 `tb`).
 */
export function parseBitcoinAddress(address: string, { testnet = false } = {}): ParsedAddress | undefined {
  if (address.startsWith('spark1')) {
    const decoded = bech32m.decodeUnsafe(address, 200);
    const bytes = decoded && decoded.prefix === 'spark' ? bech32m.fromWordsUnsafe(decoded.words) : undefined;
    if (!bytes || bytes.length !== 35 || bytes[0] !== 0x0a || bytes[1] !== 0x21) return undefined;
    return { kind: 'spark', identityKey: Buffer.from(bytes.slice(2)) };
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('bc1q') || (testnet && lower.startsWith('tb1q'))) {
    const decoded = bech32.decodeUnsafe(address);
    if (!decoded || decoded.prefix !== lower.slice(0, 2) || decoded.words[0] !== 0) return undefined;
    const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
    return program?.length === 20 ? { kind: 'p2wpkh', hash: Buffer.from(program) } : undefined;
  }
  const payload = base58checkDecode(address);
  if (!payload || payload.length !== 21) return undefined;
  const hash = Buffer.from(payload.subarray(1));
  const [p2pkh, p2sh] = testnet ? [[0x00, 0x6f], [0x05, 0xc4]] : [[0x00], [0x05]];
  return p2pkh.includes(payload[0]) ? { kind: 'p2pkh', hash } : p2sh.includes(payload[0]) ? { kind: 'p2sh', hash } : undefined;
}

const BIP137_KIND: [number, number, AddressKind][] = [[31, 34, 'p2pkh'], [35, 38, 'p2sh'], [39, 42, 'p2wpkh']];

/** The 20-byte hash an address of `kind` holds for the public key `pub`. */
function hashFor(kind: Exclude<AddressKind, 'spark'>, pub: Buffer): Buffer {
  const keyHash = hash160(pub);
  return kind === 'p2sh' ? hash160(Buffer.concat([Buffer.of(0x00, 0x14), keyHash])) : keyHash;
}

/**
 * `highSAccepted` takes a high-S signature as its low-S twin (no document states a low-S rule for
 * message signatures); `sparkP2pkhHeadersOnly` reads a Spark address under bip137 with the P2PKH
 * compressed headers 31-34 only (the documents say no header for a Spark identity key); `testnet`
 * reads testnet addresses too (parseBitcoinAddress).
 */
export interface BitcoinVerifyOptions { highSAccepted?: boolean; sparkP2pkhHeadersOnly?: boolean; testnet?: boolean }

export function verifyBitcoinMessage(address: string, message: string, signature: string, scheme: BitcoinScheme, opts: BitcoinVerifyOptions = {}): Verdict {
  const text = signature.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return { ok: false, reason: 'the signature is not base64' };
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== 65) return { ok: false, reason: `the signature has ${bytes.length} bytes, not 65` };
  const header = bytes[0];
  const max = scheme === 'bip137' ? 42 : 34;
  if (header < 27 || header > max) return { ok: false, reason: `header byte ${header} is outside 27-${max} for ${scheme}` };
  const r = BigInt(`0x${bytes.subarray(1, 33).toString('hex')}`);
  const s = BigInt(`0x${bytes.subarray(33).toString('hex')}`);
  if (r === 0n || r >= N || s === 0n || s >= N) return { ok: false, reason: 'r or s is out of range' };
  if (s > N / 2n && !opts.highSAccepted) return { ok: false, reason: 'high-S signature (malleated)' };
  const parsed = parseBitcoinAddress(address, { testnet: opts.testnet });
  if (!parsed) return { ok: false, reason: `unsupported address ${address}` };

  const compressed = header >= 31;
  let pub: Buffer;
  try {
    const point = curve.recoverPubKey(magicHash(message), { r: bytes.subarray(1, 33).toString('hex'), s: bytes.subarray(33).toString('hex') }, (header - 27) & 3);
    pub = Buffer.from(point.encode('array', compressed));
  } catch (err) {
    return { ok: false, reason: `no key recovers from the signature (${(err as Error).message})` };
  }

  if (parsed.kind === 'spark') {
    if (!compressed) return { ok: false, reason: 'an uncompressed key cannot be a Spark identity key' };
    if (opts.sparkP2pkhHeadersOnly && header > 34) return { ok: false, reason: `header byte ${header} names a segwit address, not a Spark identity key` };
    return pub.equals(parsed.identityKey!) ? { ok: true } : { ok: false, reason: 'the recovered key is not the identity key of the Spark address' };
  }
  if (!compressed) {
    if (parsed.kind !== 'p2pkh') return { ok: false, reason: `an uncompressed key has no ${parsed.kind} address` };
  } else if (scheme === 'bip137') {
    // Each bip137 header range names one address type; it must be the account's.
    const named = BIP137_KIND.find(([lo, hi]) => header >= lo && header <= hi)![2];
    if (named !== parsed.kind) return { ok: false, reason: `header byte ${header} names a ${named} address, not the ${parsed.kind} address ${address}` };
  }
  // Electrum says only "compressed": the account's own address type applies.
  return hashFor(parsed.kind, pub).equals(parsed.hash!)
    ? { ok: true }
    : { ok: false, reason: `the recovered key's ${parsed.kind} address is not ${address}` };
}
