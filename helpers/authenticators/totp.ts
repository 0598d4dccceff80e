// TOTP codes the way an authenticator app makes them: RFC 6238 over the HOTP of RFC 4226, written
// here on node:crypto's HMAC (the sandbox checks codes with another implementation). The key comes
// from a Key URI (otpauth://totp/...?secret=<base32>&algorithm=&digits=&period=).
import { createHmac } from 'node:crypto';

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';
export interface TotpKey {
  key: Buffer;
  algorithm: TotpAlgorithm;
  digits: number;
  period: number;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (padding and case ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const v = BASE32.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${JSON.stringify(ch)}`);
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 section 5.3: HMAC of the 8-byte counter, dynamic truncation, modulo 10^digits. */
export function hotp(key: Buffer, counter: bigint, digits = 6, algorithm: TotpAlgorithm = 'SHA1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm.toLowerCase(), key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 section 4: T = floor((unixTime - T0) / X), T0 = 0. */
export function totp(k: TotpKey, unixMs: number): string {
  return hotp(k.key, BigInt(Math.floor(unixMs / 1000 / k.period)), k.digits, k.algorithm);
}

/** The key of a Key URI; absent parameters take the defaults (SHA1, 6 digits, 30 s). */
export function keyFromUri(uri: string): TotpKey {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:' || url.host !== 'totp') throw new Error(`not an otpauth://totp URI: ${uri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  const algorithm = (url.searchParams.get('algorithm') ?? 'SHA1').toUpperCase() as TotpAlgorithm;
  if (!['SHA1', 'SHA256', 'SHA512'].includes(algorithm)) throw new Error(`unknown TOTP algorithm ${algorithm}`);
  return { key: base32Decode(secret), algorithm, digits: Number(url.searchParams.get('digits') ?? 6), period: Number(url.searchParams.get('period') ?? 30) };
}
