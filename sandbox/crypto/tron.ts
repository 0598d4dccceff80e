// Tron wallets, the sandbox's side (taken only under the alternate `tron-wallet-signature`): TIP-191
// message signatures, keccak256("\x19TRON Signed Message:\n" + byte length + message), r || s || v in
// hex (0x optional, v 27 or 28, or 0 or 1), the key recovered with elliptic's secp256k1 and compared
// with the account's base58check address (version 0x41, the last 20 bytes of keccak256(x || y)).
import elliptic from 'elliptic';
import { base58checkDecode } from './bitcoin.js';
import { keccak256 } from './keccak.js';

export type Verdict = { ok: true } | { ok: false; reason: string };

const curve = new elliptic.ec('secp256k1');
const N = BigInt(`0x${curve.n!.toString(16)}`);

/** keccak256("\x19TRON Signed Message:\n" + byte length + message), the TIP-191 digest. */
export function tronMessageHash(message: string): Uint8Array {
  const body = new TextEncoder().encode(message);
  const prefix = new TextEncoder().encode(`\x19TRON Signed Message:\n${body.length}`);
  const all = new Uint8Array(prefix.length + body.length);
  all.set(prefix, 0);
  all.set(body, prefix.length);
  return keccak256(all);
}

export function verifyTronMessage(address: string, message: string, signature: string): Verdict {
  const payload = base58checkDecode(address);
  if (payload?.length !== 21 || payload[0] !== 0x41) return { ok: false, reason: `${address} is not a Tron address` };
  const text = signature.startsWith('0x') ? signature.slice(2) : signature;
  if (!/^[0-9a-fA-F]{130}$/.test(text)) return { ok: false, reason: 'the signature is not 65 bytes of hex' };
  const bytes = Buffer.from(text, 'hex');
  const v = bytes[64];
  const recovery = v === 27 || v === 28 ? v - 27 : v === 0 || v === 1 ? v : -1;
  if (recovery < 0) return { ok: false, reason: `v is ${v}, not 27 or 28` };
  const r = bytes.subarray(0, 32).toString('hex');
  const s = bytes.subarray(32, 64).toString('hex');
  const [rn, sn] = [BigInt(`0x${r}`), BigInt(`0x${s}`)];
  if (rn === 0n || rn >= N || sn === 0n || sn >= N) return { ok: false, reason: 'r or s is not in [1, n - 1]' };
  if (sn > N / 2n) return { ok: false, reason: 'high-S signature (malleated)' };
  try {
    const point = Uint8Array.from(curve.recoverPubKey(Array.from(tronMessageHash(message)), { r, s }, recovery).encode('array', false));
    const hash = keccak256(point.subarray(1)).subarray(12);
    return Buffer.from(hash).equals(Buffer.from(payload.subarray(1))) ? { ok: true } : { ok: false, reason: `the signature does not recover the key of ${address}` };
  } catch (err) {
    return { ok: false, reason: `no key recovers from the signature (${(err as Error).message})` };
  }
}
