// EIP-191 personal-sign signatures (ethers): 0x hex, 65 bytes; the recovered address must be the account's.
import { getAddress, verifyMessage, Wallet } from 'ethers';

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

export const evmSign = (privateKeyHex: string, message: string) => new Wallet(privateKeyHex).signMessage(message);
