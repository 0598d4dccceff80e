// Solana: Ed25519 over the message bytes; the address is the base58 public key, the signature base58.
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';

export const solanaAddress = (secretKey: Uint8Array) => base58.encode(ed25519.getPublicKey(secretKey));
export const solanaSign = (secretKey: Uint8Array, message: string) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey));

export function verifySolanaMessage(address: string, message: string, signature: string): { ok: true } | { ok: false; reason: string } {
  let pub: Uint8Array, sig: Uint8Array;
  try {
    pub = base58.decode(address);
    sig = base58.decode(signature);
  } catch {
    return { ok: false, reason: 'the address or the signature is not base58' };
  }
  if (pub.length !== 32 || sig.length !== 64) return { ok: false, reason: 'a 32-byte key and a 64-byte signature are expected' };
  try {
    return ed25519.verify(sig, new TextEncoder().encode(message), pub, { zip215: false })
      ? { ok: true }
      : { ok: false, reason: 'the Ed25519 signature does not verify with the account key' };
  } catch (err) {
    return { ok: false, reason: `the signature does not decode (${(err as Error).message})` };
  }
}
