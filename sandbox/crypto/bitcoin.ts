// Bitcoin message signatures, the sandbox's side: bitcoinjs-message (libsecp256k1 bindings, or
// elliptic where they are not built) recovers the key and matches it to the address; the sandbox
// reads the address itself (bs58 with a double-SHA-256 checksum, the bech32 package) so that the
// header byte is matched against the account's address type. The harness uses @noble/curves and
// @scure/base for the same job.
//   bip137:   27-30 P2PKH uncompressed, 31-34 P2PKH compressed, 35-38 P2SH-P2WPKH, 39-42 P2WPKH
//   electrum: 27-30 uncompressed, 31-34 compressed, for every address type
// A Spark address (bech32m "spark", protobuf {1: identity key}) is matched against the identity key
// itself; High-S signatures are refused (they are malleations).
import { createHash } from 'node:crypto';
import { bech32, bech32m } from 'bech32';
import bitcoinMessage from 'bitcoinjs-message';
import bs58 from 'bs58';

export type BitcoinScheme = 'bip137' | 'electrum';
export type AddressKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'spark';
export type Verdict = { ok: true } | { ok: false; reason: string };

// secp256k1's group order (SEC 2, section 2.4.1).
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();
const hash160 = (b: Uint8Array) => createHash('ripemd160').update(sha256(b)).digest();

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
  /** For a Spark address, the 33-byte compressed identity key it encodes. */
  identityKey?: Uint8Array;
}

/** Which mainnet form an address has, or undefined when it is none the sandbox accepts. */
export function parseBitcoinAddress(address: string): ParsedAddress | undefined {
  if (address.startsWith('spark1')) {
    const decoded = bech32m.decodeUnsafe(address, 200);
    const bytes = decoded && decoded.prefix === 'spark' ? bech32m.fromWordsUnsafe(decoded.words) : undefined;
    if (!bytes || bytes.length !== 35 || bytes[0] !== 0x0a || bytes[1] !== 0x21) return undefined;
    return { kind: 'spark', identityKey: Uint8Array.from(bytes.slice(2)) };
  }
  if (address.toLowerCase().startsWith('bc1q')) {
    const decoded = bech32.decodeUnsafe(address);
    if (!decoded || decoded.prefix !== 'bc' || decoded.words[0] !== 0) return undefined;
    return bech32.fromWordsUnsafe(decoded.words.slice(1))?.length === 20 ? { kind: 'p2wpkh' } : undefined;
  }
  const payload = base58checkDecode(address);
  if (!payload || payload.length !== 21) return undefined;
  return payload[0] === 0x00 ? { kind: 'p2pkh' } : payload[0] === 0x05 ? { kind: 'p2sh' } : undefined;
}

const BIP137_BASE: Record<Exclude<AddressKind, 'spark'>, number> = { p2pkh: 31, p2sh: 35, p2wpkh: 39 };
const BIP137_KIND: [number, number, AddressKind][] = [[31, 34, 'p2pkh'], [35, 38, 'p2sh'], [39, 42, 'p2wpkh']];

export function verifyBitcoinMessage(address: string, message: string, signature: string, scheme: BitcoinScheme): Verdict {
  const text = signature.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return { ok: false, reason: 'the signature is not base64' };
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== 65) return { ok: false, reason: `the signature has ${bytes.length} bytes, not 65` };
  const header = bytes[0];
  const max = scheme === 'bip137' ? 42 : 34;
  if (header < 27 || header > max) return { ok: false, reason: `header byte ${header} is outside 27-${max} for ${scheme}` };
  if (BigInt(`0x${bytes.subarray(33).toString('hex')}`) > N / 2n) return { ok: false, reason: 'high-S signature (malleated)' };
  const parsed = parseBitcoinAddress(address);
  if (!parsed) return { ok: false, reason: `unsupported address ${address}` };

  const recovery = (header - 27) & 3;
  const compressed = header >= 31;
  // What the library is asked: the signature with the header of the form to check, and the address.
  let checkHeader = header;
  let checkAddress = address;
  if (parsed.kind === 'spark') {
    // The identity key is checked as a compressed P2PKH key: any compressed header of the scheme.
    if (!compressed) return { ok: false, reason: 'an uncompressed key cannot be a Spark identity key' };
    checkHeader = 31 + recovery;
    checkAddress = base58checkEncode(Buffer.concat([Uint8Array.of(0x00), hash160(parsed.identityKey!)]));
  } else if (!compressed) {
    if (parsed.kind !== 'p2pkh') return { ok: false, reason: `an uncompressed key has no ${parsed.kind} address` };
  } else if (scheme === 'electrum') {
    // Electrum says only "compressed": the account's address type applies. (bitcoinjs-message's own
    // checkSegwitAlways mode would also take a P2SH address whose hash is the key's own hash.)
    checkHeader = BIP137_BASE[parsed.kind] + recovery;
  } else {
    const named = BIP137_KIND.find(([lo, hi]) => header >= lo && header <= hi)![2];
    if (named !== parsed.kind) return { ok: false, reason: `header byte ${header} names a ${named} address, not the ${parsed.kind} address ${address}` };
  }
  const checked = Buffer.from(bytes);
  checked[0] = checkHeader;
  try {
    return bitcoinMessage.verify(message, checkAddress, checked)
      ? { ok: true }
      : { ok: false, reason: `the recovered key does not belong to ${address}` };
  } catch (err) {
    return { ok: false, reason: `no key recovers from the signature (${(err as Error).message})` };
  }
}
