// EIP-191 personal-sign signatures (ethers): 0x hex, 65 bytes; the recovered address must be the account's.
// Only ethers' address, crypto, hash and transaction modules are loaded: the package's entry also loads
// its providers, contracts and JSON wallets (a WebSocket client, scrypt, AES), which the harness does not
// use and which every worker would otherwise spend CPU loading.
import { getAddress } from 'ethers/address';
import { SigningKey } from 'ethers/crypto';
import { hashMessage, verifyMessage } from 'ethers/hash';
import { computeAddress } from 'ethers/transaction';

export function verifyEvmMessage(address: string, message: string, signature: string): { ok: true } | { ok: false; reason: string } {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return { ok: false, reason: 'the signature is not 65 bytes of 0x-prefixed hex' };
  let recovered: string;
  try {
    recovered = verifyMessage(message, signature);
  } catch (err) {
    return { ok: false, reason: `no address recovers from the signature (${(err as Error).message})` };
  }
  return recovered === getAddress(address) ? { ok: true } : { ok: false, reason: `the signature recovers ${recovered}, not ${address}` };
}

export interface EvmKey {
  /** The EIP-55 address of the key. */
  address: string;
  /** The EIP-191 personal-sign signature of `message`. */
  signMessage(message: string): string;
}

/**
 * A private key (0x hex) as ethers' Wallet holds it, with ethers' own parts: the address is
 * computeAddress of its public key and a signature is SigningKey.sign(hashMessage(message)), as
 * Wallet.signMessage makes it (self-tests check both against Wallet and published vectors).
 */
export function evmKey(privateKeyHex: string): EvmKey {
  // Wallet takes the key with or without 0x; SigningKey only with it.
  const key = new SigningKey(privateKeyHex.startsWith('0x') ? privateKeyHex : `0x${privateKeyHex}`);
  return { address: computeAddress(key.publicKey), signMessage: (message) => key.sign(hashMessage(message)).serialized };
}

export const evmSign = async (privateKeyHex: string, message: string) => evmKey(privateKeyHex).signMessage(message);
