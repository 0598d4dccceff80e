// The harness's P-256 (wallet session keys and their stamps, generated public keys): noble's curve with
// secret scalars not blinded. noble blinds each secret scalar (adds a random multiple of the group
// order, against power analysis of a device), which makes every base-point multiplication half as long
// again (a 384-bit scalar) and the base point's table half as large again, built once in each worker; a
// harness with throwaway keys gains nothing from it. Given no RNG for its point multiplier, noble takes
// its constant-time path unblinded (its probeRandomBytes: "callers can downgrade"); keys and signatures
// are the same (RFC 6979), and key generation and signing keep noble's RNG.
import { ecdsa, weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { p256 as nobleP256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';

export const p256 = ecdsa(
  weierstrass(nobleP256.Point.CURVE(), {
    randomBytes: () => {
      throw new Error('no RNG for the point multiplier: secret scalars are not blinded');
    },
  }),
  sha256,
);
