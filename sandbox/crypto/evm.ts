// EVM wallets, the sandbox's side: EIP-55 addresses (of recovered keys) and EIP-191 personal-sign verification with
// elliptic's secp256k1 key recovery and js-sha3's Keccak-256 (./keccak.ts). The harness signs
// and checks with ethers, built on @noble/curves and @noble/hashes: no code is shared between the two.
import elliptic from 'elliptic';
import { keccak256 as keccak_256 } from './keccak.js';

export type Verdict = { ok: true } | { ok: false; reason: string };

const curve = new elliptic.ec('secp256k1');
const N = BigInt(`0x${curve.n!.toString(16)}`);
const HALF_N = N / 2n;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** EIP-55: each hex letter upper case when the matching nibble of keccak256(lowercase hex) is 8 or more. */
export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

/** keccak256("\x19Ethereum Signed Message:\n" + byte length + message), the EIP-191 version 0x45 digest. */
export function personalMessageHash(message: string): Uint8Array {
  const body = new TextEncoder().encode(message);
  const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${body.length}`);
  const all = new Uint8Array(prefix.length + body.length);
  all.set(prefix, 0);
  all.set(body, prefix.length);
  return keccak_256(all);
}

/** The address of an uncompressed (65-byte) or compressed public key: the last 20 bytes of keccak256(x || y). */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  const point = Uint8Array.from(curve.keyFromPublic(Buffer.from(publicKey)).getPublic(false, 'array'));
  return checksumAddress(`0x${hex(keccak_256(point.subarray(1)).subarray(12))}`);
}

/**
 * r || s || v in 0x hex; v is 27 or 28 (0 or 1 as some signers write it). The key recovered from
 * the personal-sign digest must hash to the account's address, compared without regard to case.
 * r and s lie in [1, n - 1]; high-S signatures are refused (they are malleations of the low-S one).
 * `v27or28Only` refuses the 0 or 1 form of v (no document states the v encoding).
 */
export function verifyPersonalSign(address: string, message: string, signature: string, { v27or28Only = false } = {}): Verdict {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return { ok: false, reason: 'the signature is not 65 bytes of 0x-prefixed hex' };
  const bytes = Buffer.from(signature.slice(2), 'hex');
  const v = bytes[64];
  const recovery = v === 27 || v === 28 ? v - 27 : (v === 0 || v === 1) && !v27or28Only ? v : -1;
  if (recovery < 0) return { ok: false, reason: `v is ${v}, not 27 or 28` };
  const r = bytes.subarray(0, 32).toString('hex');
  const s = bytes.subarray(32, 64).toString('hex');
  const [rn, sn] = [BigInt(`0x${r}`), BigInt(`0x${s}`)];
  if (rn === 0n || rn >= N || sn === 0n || sn >= N) return { ok: false, reason: 'r or s is not in [1, n - 1]' };
  if (sn > HALF_N) return { ok: false, reason: 'high-S signature (malleated)' };
  let recovered: string;
  try {
    const point = curve.recoverPubKey(Array.from(personalMessageHash(message)), { r, s }, recovery);
    recovered = addressOfPublicKey(Uint8Array.from(point.encode('array', false)));
  } catch (err) {
    return { ok: false, reason: `no address recovers from the signature (${(err as Error).message})` };
  }
  return recovered.toLowerCase() === address.toLowerCase() ? { ok: true } : { ok: false, reason: `the signature recovers ${recovered}, not ${address}` };
}
