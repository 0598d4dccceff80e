// Solana wallets, the sandbox's side: Ed25519 (RFC 8032, OpenSSL through node:crypto) over the exact
// message bytes; address and signature in base58 (the bs58 package). The harness uses @noble/curves
// and @scure/base for the same job.
import { createPublicKey, verify } from 'node:crypto';
import bs58 from 'bs58';

export type Verdict = { ok: true } | { ok: false; reason: string };

/** The base58 bytes of `text`, or undefined when it is not base58. */
export function base58Decode(text: string): Uint8Array | undefined {
  return bs58.decodeUnsafe(text);
}

export const isSolanaAddress = (address: string) => base58Decode(address)?.length === 32;

export function verifyEd25519Message(address: string, message: string, signature: string): Verdict {
  const pub = base58Decode(address);
  const sig = base58Decode(signature);
  if (!pub || !sig) return { ok: false, reason: 'the address or the signature is not base58' };
  if (pub.length !== 32 || sig.length !== 64) return { ok: false, reason: 'a 32-byte key and a 64-byte signature are expected' };
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(pub).toString('base64url') }, format: 'jwk' });
    return verify(null, new TextEncoder().encode(message), key, sig)
      ? { ok: true }
      : { ok: false, reason: 'the Ed25519 signature does not verify with the account key' };
  } catch (err) {
    return { ok: false, reason: `the key or the signature does not decode (${(err as Error).message})` };
  }
}
