// Bitcoin message signatures: the "\x18Bitcoin Signed Message:\n" magic hash, a 65-byte compact
// recoverable secp256k1 signature, base64. The header byte says how to read the key:
//   bip137:   27-30 P2PKH uncompressed, 31-34 P2PKH compressed, 35-38 P2SH-P2WPKH, 39-42 P2WPKH
//   electrum: 27-30 uncompressed, 31-34 compressed, for every address type
// Verification recovers the key and checks it against the account's address (or, for a Spark
// address, the identity key it encodes). High-S signatures are refused (they are malleations).
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64, bech32, bech32m, createBase58check } from '@scure/base';

export type BitcoinScheme = 'bip137' | 'electrum';
export type BitcoinAddressType = 'p2pkh-uncompressed' | 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'spark';

const base58check = createBase58check(sha256);
const MAGIC = new TextEncoder().encode('\x18Bitcoin Signed Message:\n');
const N = secp256k1.Point.CURVE().n;

const hash160 = (b: Uint8Array) => ripemd160(sha256(b));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) {
    out.set(p, i);
    i += p.length;
  }
  return out;
};

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff);
}

export function magicHash(message: string): Uint8Array {
  const m = new TextEncoder().encode(message);
  return sha256(sha256(concat(MAGIC, varint(m.length), m)));
}

/** The address of a public key (33 or 65 bytes) in the given form. */
export function bitcoinAddress(publicKey: Uint8Array, type: BitcoinAddressType): string {
  const compressed = secp256k1.Point.fromBytes(publicKey).toBytes(true);
  switch (type) {
    case 'p2pkh-uncompressed':
      return base58check.encode(concat(Uint8Array.of(0x00), hash160(secp256k1.Point.fromBytes(publicKey).toBytes(false))));
    case 'p2pkh':
      return base58check.encode(concat(Uint8Array.of(0x00), hash160(compressed)));
    case 'p2sh-p2wpkh':
      return base58check.encode(concat(Uint8Array.of(0x05), hash160(concat(Uint8Array.of(0x00, 0x14), hash160(compressed)))));
    case 'p2wpkh':
      return bech32.encode('bc', [0, ...bech32.toWords(hash160(compressed))]);
    case 'spark':
      // A Spark address is bech32m("spark", protobuf {1: identity public key}).
      return bech32m.encode('spark', bech32m.toWords(concat(Uint8Array.of(0x0a, 0x21), compressed)), 200);
  }
}

/** Which form an address string has, or undefined when it is not a mainnet address this code reads. */
export function addressTypeOf(address: string): 'p2pkh' | 'p2sh' | 'p2wpkh' | 'spark' | undefined {
  try {
    if (address.startsWith('spark1')) {
      const { words } = bech32m.decode(address as `${string}1${string}`, 200);
      const bytes = bech32m.fromWords(words);
      return bytes.length === 35 && bytes[0] === 0x0a && bytes[1] === 0x21 ? 'spark' : undefined;
    }
    if (address.toLowerCase().startsWith('bc1q')) {
      const { prefix, words } = bech32.decode(address as `${string}1${string}`);
      return prefix === 'bc' && words[0] === 0 && bech32.fromWords(words.slice(1)).length === 20 ? 'p2wpkh' : undefined;
    }
    const payload = base58check.decode(address);
    if (payload.length !== 21) return undefined;
    return payload[0] === 0x00 ? 'p2pkh' : payload[0] === 0x05 ? 'p2sh' : undefined;
  } catch {
    return undefined;
  }
}

export function headerBase(type: BitcoinAddressType, scheme: BitcoinScheme): number {
  if (type === 'p2pkh-uncompressed') return 27;
  if (scheme === 'electrum' || type === 'p2pkh' || type === 'spark') return 31;
  return type === 'p2sh-p2wpkh' ? 35 : 39;
}

/** Signs `message` for an address of `type` in the given scheme; deterministic (RFC 6979), low-S. */
export function signBitcoinMessage(privateKey: Uint8Array, message: string, type: BitcoinAddressType, scheme: BitcoinScheme = 'bip137'): string {
  const sig = secp256k1.sign(magicHash(message), privateKey, { prehash: false, format: 'recovered', lowS: true });
  const out = new Uint8Array(65);
  out[0] = headerBase(type, scheme) + sig[0];
  out.set(sig.subarray(1), 1);
  return base64.encode(out);
}

export type Verdict = { ok: true } | { ok: false; reason: string };

export function verifyBitcoinMessage(address: string, message: string, signature: string, scheme: BitcoinScheme): Verdict {
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(signature.trim());
  } catch {
    return { ok: false, reason: 'the signature is not base64' };
  }
  if (bytes.length !== 65) return { ok: false, reason: `the signature has ${bytes.length} bytes, not 65` };
  const header = bytes[0];
  const max = scheme === 'bip137' ? 42 : 34;
  if (header < 27 || header > max) return { ok: false, reason: `header byte ${header} is outside 27-${max} for ${scheme}` };
  const recid = (header - 27) & 3;
  const s = BigInt(`0x${Buffer.from(bytes.subarray(33)).toString('hex')}`);
  if (s > N / 2n) return { ok: false, reason: 'high-S signature (malleated)' };
  let point;
  try {
    const sig = secp256k1.Signature.fromBytes(concat(Uint8Array.of(recid), bytes.subarray(1)), 'recovered');
    point = sig.recoverPublicKey(magicHash(message));
  } catch (err) {
    return { ok: false, reason: `no key recovers from the signature (${(err as Error).message})` };
  }
  const pub = point.toBytes(false);
  const kind = addressTypeOf(address);
  if (!kind) return { ok: false, reason: `unsupported address ${address}` };

  let form: BitcoinAddressType;
  if (header < 31) form = 'p2pkh-uncompressed';
  else if (scheme === 'electrum' || header < 35) {
    // Electrum (and bip137 31-34) says only "compressed": the account's own address type applies,
    // but in bip137 31-34 means P2PKH, so a segwit address cannot match.
    form = scheme === 'bip137' ? 'p2pkh' : kind === 'p2sh' ? 'p2sh-p2wpkh' : kind;
  } else form = header < 39 ? 'p2sh-p2wpkh' : 'p2wpkh';

  if (kind === 'spark') {
    if (form === 'p2pkh-uncompressed') return { ok: false, reason: 'an uncompressed key cannot be a Spark identity key' };
    return bitcoinAddress(pub, 'spark') === address ? { ok: true } : { ok: false, reason: 'the recovered key is not the identity key of the Spark address' };
  }
  return bitcoinAddress(pub, form) === address
    ? { ok: true }
    : { ok: false, reason: `the recovered key's ${form} address is not ${address}` };
}
