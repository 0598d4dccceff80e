// Keccak-256 (the original Keccak padding 0x01, as Ethereum uses it; not NIST SHA3-256's 0x06), from
// js-sha3, so that the sandbox's EVM checks share no hashing code with the harness (ethers hashes with
// @noble/hashes). Checked against the published vectors, and against @noble/hashes at every block
// boundary, in selftest/sandbox/crypto-vectors.test.ts.
import { keccak_256 } from 'js-sha3';

/** Keccak-256 of the bytes: 32 bytes. */
export function keccak256(data: Uint8Array): Uint8Array {
  return new Uint8Array(keccak_256.arrayBuffer(data));
}
