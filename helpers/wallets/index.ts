// Test wallets the scenarios sign with: keys from the run's seeded data, real signatures.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { rng } from '../../fixtures/random.js';
import { evmKey } from './evm.js';
import { bitcoinAddress, signBitcoinMessage, type BitcoinAddressType, type BitcoinScheme } from './bitcoin.js';
import { solanaAddress, solanaSign } from './solana.js';

export type Chain = 'evm' | 'bitcoin' | 'solana';

export interface TestWallet {
  chain: Chain;
  accountType: string;
  currency: string;
  address: string;
  /** Signs exactly `message` the way the chain's wallets do. */
  sign(message: string, scheme?: BitcoinScheme): Promise<string>;
}

const secretBytes = (): Uint8Array => {
  for (;;) {
    const hex = rng().string.hexadecimal({ length: 64, casing: 'lower', prefix: '' });
    const bytes = Uint8Array.from(Buffer.from(hex, 'hex'));
    if (secp256k1.utils.isValidSecretKey(bytes)) return bytes;
  }
};

const EVM_CURRENCY: Record<string, string> = { ETHEREUM_WALLET: 'USDC', BASE_WALLET: 'USDC', POLYGON_WALLET: 'USDC', PLASMA_WALLET: 'USDT' };

export const wallets = {
  evm(accountType: keyof typeof EVM_CURRENCY = 'ETHEREUM_WALLET'): TestWallet {
    const key = evmKey(`0x${Buffer.from(secretBytes()).toString('hex')}`);
    return { chain: 'evm', accountType, currency: EVM_CURRENCY[accountType], address: key.address, sign: async (m) => key.signMessage(m) };
  },
  solana(): TestWallet {
    const secret = secretBytes();
    return { chain: 'solana', accountType: 'SOLANA_WALLET', currency: 'USDC', address: solanaAddress(secret), sign: async (m) => solanaSign(secret, m) };
  },
  bitcoin(accountType: string, form: BitcoinAddressType): TestWallet {
    const secret = secretBytes();
    const pub = secp256k1.getPublicKey(secret, form !== 'p2pkh-uncompressed');
    return {
      chain: 'bitcoin',
      accountType,
      currency: 'BTC',
      address: bitcoinAddress(pub, form),
      sign: async (m, scheme = 'bip137') => signBitcoinMessage(secret, m, form, scheme),
    };
  },
};

