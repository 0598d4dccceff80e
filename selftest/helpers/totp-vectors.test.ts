// The suite's TOTP against the published test vectors of RFC 6238 (appendix B) and RFC 4226
// (appendix D), and its base32 against RFC 4648 section 10.
import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, keyFromUri, totp, type TotpAlgorithm } from '../../helpers/authenticators/totp.js';

const SEEDS: Record<TotpAlgorithm, Buffer> = {
  SHA1: Buffer.from('12345678901234567890', 'ascii'),
  SHA256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  SHA512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
};

// RFC 6238 appendix B: time (s), algorithm, 8-digit TOTP.
const RFC6238: [number, TotpAlgorithm, string][] = [
  [59, 'SHA1', '94287082'], [59, 'SHA256', '46119246'], [59, 'SHA512', '90693936'],
  [1111111109, 'SHA1', '07081804'], [1111111109, 'SHA256', '68084774'], [1111111109, 'SHA512', '25091201'],
  [1111111111, 'SHA1', '14050471'], [1111111111, 'SHA256', '67062674'], [1111111111, 'SHA512', '99943326'],
  [1234567890, 'SHA1', '89005924'], [1234567890, 'SHA256', '91819424'], [1234567890, 'SHA512', '93441116'],
  [2000000000, 'SHA1', '69279037'], [2000000000, 'SHA256', '90698825'], [2000000000, 'SHA512', '38618901'],
  [20000000000, 'SHA1', '65353130'], [20000000000, 'SHA256', '77737706'], [20000000000, 'SHA512', '47863826'],
];

// RFC 4226 appendix D: counter 0..9, 6-digit HOTP of the SHA1 seed.
const RFC4226 = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];

describe('TOTP (RFC 6238) and HOTP (RFC 4226)', () => {
  it.for(RFC6238)('T=%s %s gives %s', ([seconds, algorithm, code]) => {
    expect(totp({ key: SEEDS[algorithm], algorithm, digits: 8, period: 30 }, seconds * 1000)).toBe(code);
  });

  it('matches the HOTP values of RFC 4226 appendix D', () => {
    expect(RFC4226.map((_, i) => hotp(SEEDS.SHA1, BigInt(i)))).toEqual(RFC4226);
  });

  it('decodes base32 as RFC 4648 section 10 gives it', () => {
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('MZXW6').toString()).toBe('foo');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString()).toBe('12345678901234567890');
  });

  it('reads the key, algorithm, digits and period of a Key URI, with the defaults', () => {
    const k = keyFromUri('otpauth://totp/Svc:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Svc');
    expect(k).toMatchObject({ algorithm: 'SHA1', digits: 6, period: 30 });
    expect(totp(k, 59_000)).toBe('287082');
  });
});
