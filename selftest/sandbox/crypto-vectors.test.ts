// The sandbox's own cryptography (sandbox/crypto/) against the published vectors the harness's
// verifiers are checked with (selftest/helpers/wallet-vectors.test.ts, webhook-signature.test.ts),
// and against a wrong key, a wrong message and a malleated signature. Keys and addresses are
// derived here with node:crypto, bs58, bech32 and elliptic, not with the harness's libraries.
import { createECDH, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { bech32, bech32m } from 'bech32';
import bs58 from 'bs58';
import elliptic from 'elliptic';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { base58checkDecode, base58checkEncode, magicHash, parseBitcoinAddress, verifyBitcoinMessage, type BitcoinScheme } from '../../sandbox/crypto/bitcoin.js';
import { checksumAddress, personalMessageHash, verifyPersonalSign } from '../../sandbox/crypto/evm.js';
import { keccak256 } from '../../sandbox/crypto/keccak.js';
import { verifyEd25519Message } from '../../sandbox/crypto/solana.js';
import { tronMessageHash, verifyTronMessage } from '../../sandbox/crypto/tron.js';
import {
  generateWebhookKeyPair, loadWebhookKey, privateKeyPem, publicKeyFromPrivate, publicKeyPem, readPublicKeyPem, signWebhookBody, verifyWebhookBody,
} from '../../sandbox/crypto/webhook-signing.js';

const hex = (s: string) => Buffer.from(s, 'hex');
const hash160 = (b: Uint8Array) => createHash('ripemd160').update(createHash('sha256').update(b).digest()).digest();

/** secp256k1 public key of a private key, through OpenSSL. */
const publicKeyOf = (secret: Uint8Array, compressed: boolean) => {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(Buffer.from(secret));
  return ecdh.getPublicKey(null, compressed ? 'compressed' : 'uncompressed');
};
type Form = 'p2pkh-uncompressed' | 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'spark';
function addressOf(secret: Uint8Array, form: Form): string {
  const pub = publicKeyOf(secret, form !== 'p2pkh-uncompressed');
  switch (form) {
    case 'p2pkh-uncompressed':
    case 'p2pkh':
      return base58checkEncode(Buffer.concat([Buffer.of(0x00), hash160(pub)]));
    case 'p2sh-p2wpkh':
      return base58checkEncode(Buffer.concat([Buffer.of(0x05), hash160(Buffer.concat([Buffer.of(0x00, 0x14), hash160(pub)]))]));
    case 'p2wpkh':
      return bech32.encode('bc', [0, ...bech32.toWords(hash160(pub))]);
    case 'spark':
      return bech32m.encode('spark', bech32m.toWords(Buffer.concat([Buffer.of(0x0a, 0x21), pub])), 200);
  }
}
const wif = (w: string) => base58checkDecode(w)!.subarray(1, 33);
/** bip137 header bases; electrum uses the P2PKH ones for every address type. */
const BASE: Record<Form, number> = { 'p2pkh-uncompressed': 27, p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39, spark: 31 };
const secp = new elliptic.ec('secp256k1');
/** A Bitcoin message signature made with elliptic (RFC 6979 nonce, low S). */
const signBitcoin = (secret: Uint8Array, message: string, form: Form, scheme: BitcoinScheme = 'bip137') => {
  const sig = secp.sign(magicHash(message), Buffer.from(secret), { canonical: true });
  const header = (scheme === 'electrum' && form !== 'p2pkh-uncompressed' ? 31 : BASE[form]) + sig.recoveryParam!;
  return Buffer.concat([Buffer.of(header), sig.r.toArrayLike(Buffer, 'be', 32), sig.s.toArrayLike(Buffer, 'be', 32)]).toString('base64');
};
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
/** The other valid-looking signature for the same key: s -> n - s with the recovery bit flipped. */
const malleateBitcoin = (sig: string) => {
  const bytes = Buffer.from(sig, 'base64');
  const s = BigInt(`0x${bytes.subarray(33).toString('hex')}`);
  hex((N - s).toString(16).padStart(64, '0')).copy(bytes, 33);
  bytes[0] = ((bytes[0] - 27) ^ 1) + 27;
  return bytes.toString('base64');
};
const flipLastByte = (sig: string) => {
  const bytes = Buffer.from(sig, 'base64');
  bytes[64] ^= 0x01;
  return bytes.toString('base64');
};

describe('sandbox: Bitcoin message signatures, bip137 (elliptic)', () => {
  // bitcoinjs-message test/fixtures.json, valid.sign and valid.verify: private key d = 1, "vires is numeris".
  const one = hex('0000000000000000000000000000000000000000000000000000000000000001');
  const vectors = [
    { form: 'p2pkh-uncompressed', address: '1EHNa6Q4Jz2uvNExL497mE43ikXhwF6kZm', sig: 'HF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=' },
    { form: 'p2pkh', address: '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH', sig: 'IF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=' },
    { form: 'p2sh-p2wpkh', address: '3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN', sig: 'JF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=' },
    { form: 'p2wpkh', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', sig: 'KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=' },
  ] as const;

  it.each(vectors)('verifies the published $form vector, and only for its own address type', ({ form, address, sig }) => {
    expect(addressOf(one, form)).toBe(address);
    expect(signBitcoin(one, 'vires is numeris', form)).toBe(sig);
    expect(verifyBitcoinMessage(address, 'vires is numeris', sig, 'bip137')).toEqual({ ok: true });
    for (const other of vectors.filter((v) => v.form !== form)) {
      expect(verifyBitcoinMessage(other.address, 'vires is numeris', sig, 'bip137').ok).toBe(false);
    }
  });

  it('verifies the published verify vectors (uncompressed and compressed P2PKH) and does not cross them', () => {
    const sig = 'G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=';
    const compressed = 'H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=';
    expect(verifyBitcoinMessage('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', 'vires is numeris', sig, 'bip137')).toEqual({ ok: true });
    expect(verifyBitcoinMessage('1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs', 'vires is numeris', compressed, 'bip137')).toEqual({ ok: true });
    expect(verifyBitcoinMessage('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', 'vires is numeris', compressed, 'bip137').ok).toBe(false);
  });

  it('verifies the bitcoinjs-message README vector (WIF L4rK1yDtCWek..., compressed P2PKH)', () => {
    const key = wif('L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1');
    const sig = 'H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk=';
    expect(addressOf(key, 'p2pkh')).toBe('1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV');
    expect(verifyBitcoinMessage('1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV', 'This is an example of a signed message.', sig, 'bip137')).toEqual({ ok: true });
  });

  it('computes the magic hash of the bitcoinjs-message fixtures', () => {
    expect(magicHash('').toString('hex')).toBe('80e795d4a4caadd7047af389d9f7f220562feb6196032e2131e10563352c4bcc');
    expect(magicHash('Vires is Numeris').toString('hex')).toBe('f8a5affbef4a3241b19067aa694562f64f513310817297089a8929a930f4f933');
  });

  it('refuses an electrum-style header (31-34) for a segwit address under bip137', () => {
    const key = wif('L4xAvhKR35zFcamyHME2ZHfhw5DEyeJvEMovQHQ7DttPTM8NLWCK');
    const sig = 'IBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=';
    expect(verifyBitcoinMessage(addressOf(key, 'p2wpkh'), 'test', sig, 'bip137').ok).toBe(false);
    expect(verifyBitcoinMessage(addressOf(key, 'p2sh-p2wpkh'), 'test', sig, 'bip137').ok).toBe(false);
    expect(verifyBitcoinMessage(addressOf(key, 'p2pkh'), 'test', sig, 'bip137')).toEqual({ ok: true });
  });
});

describe('sandbox: Bitcoin message signatures, electrum', () => {
  // btclib btclib/tests/test_bms.py, test_segwit: WIF L4xAvhKR35zFcamyHME2ZHfhw5DEyeJvEMovQHQ7DttPTM8NLWCK,
  // message "test"; Electrum signs P2SH-P2WPKH and P2WPKH addresses with the P2PKH header (here 32).
  const key = wif('L4xAvhKR35zFcamyHME2ZHfhw5DEyeJvEMovQHQ7DttPTM8NLWCK');
  const electrumSig = 'IBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=';

  it.each(['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'] as const)('verifies the published Electrum vector for a %s address', (form) => {
    expect(signBitcoin(key, 'test', form, 'electrum')).toBe(electrumSig);
    expect(verifyBitcoinMessage(addressOf(key, form), 'test', electrumSig, 'electrum')).toEqual({ ok: true });
  });

  it('verifies the Electrum and Bitcoin Core vector for an uncompressed key (btclib test_msgsign_p2pkh)', () => {
    const sig = 'G/iew/NhHV9V9MdUEn/LFOftaTy1ivGPKPKyMlr8OSokNC755fAxpSThNRivwTNsyY9vPUDTRYBPc2cmGd5d4y4=';
    expect(verifyBitcoinMessage('1HUBHMij46Hae75JPdWjeZ5Q7KaL7EFRSD', 'test message', sig, 'electrum')).toEqual({ ok: true });
    expect(addressOf(wif('5KMWWy2d3Mjc8LojNoj8Lcz9B1aWu8bRofUgGwQk959Dw5h2iyw'), 'p2pkh-uncompressed')).toBe('1HUBHMij46Hae75JPdWjeZ5Q7KaL7EFRSD');
  });

  it('refuses a bip137 segwit header (35-42) under electrum, and a P2SH address holding the key hash itself', () => {
    expect(verifyBitcoinMessage(addressOf(key, 'p2wpkh'), 'test', 'KBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=', 'electrum').ok).toBe(false);
    // 3... over hash160(key) itself: not the key's P2SH-P2WPKH address (a verifier that ignores the version byte would take it).
    const keyHashAsP2sh = base58checkEncode(Buffer.concat([Buffer.of(0x05), hash160(publicKeyOf(key, true))]));
    expect(verifyBitcoinMessage(keyHashAsP2sh, 'test', electrumSig, 'electrum').ok).toBe(false);
  });
});

describe('sandbox: Bitcoin signatures, wrong key, wrong message, malleated', () => {
  const key = hex('0000000000000000000000000000000000000000000000000000000000000001');
  const other = hex('0000000000000000000000000000000000000000000000000000000000000002');
  it.each(['p2pkh-uncompressed', 'p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark'] as const)('refuses them for %s', (form) => {
    const address = addressOf(key, form);
    for (const scheme of ['bip137', 'electrum'] as const) {
      const good = signBitcoin(key, 'message', form, scheme);
      expect(verifyBitcoinMessage(address, 'message', good, scheme)).toEqual({ ok: true });
      expect(verifyBitcoinMessage(address, 'message', signBitcoin(other, 'message', form, scheme), scheme).ok).toBe(false);
      expect(verifyBitcoinMessage(address, 'messagE', good, scheme).ok).toBe(false);
      expect(verifyBitcoinMessage(address, 'message', flipLastByte(good), scheme).ok).toBe(false);
      expect(verifyBitcoinMessage(address, 'message', malleateBitcoin(good), scheme)).toEqual({ ok: false, reason: 'high-S signature (malleated)' });
      // The alternate bitcoin-high-s-accepted takes the malleated twin, and still refuses a wrong key.
      expect(verifyBitcoinMessage(address, 'message', malleateBitcoin(good), scheme, { highSAccepted: true })).toEqual({ ok: true });
      expect(verifyBitcoinMessage(address, 'message', malleateBitcoin(signBitcoin(other, 'message', form, scheme)), scheme, { highSAccepted: true }).ok).toBe(false);
    }
  });

  it('reads a Spark address under bip137 with any compressed header, or (the alternate spark-bip137-p2pkh-headers) with 31-34 only', () => {
    const address = addressOf(key, 'spark');
    const p2pkh = signBitcoin(key, 'message', 'p2pkh');
    const bytes = Buffer.from(p2pkh, 'base64');
    bytes[0] += 8; // 31-34 -> 39-42, the P2WPKH headers
    const segwitHeader = bytes.toString('base64');
    expect(verifyBitcoinMessage(address, 'message', p2pkh, 'bip137')).toEqual({ ok: true });
    expect(verifyBitcoinMessage(address, 'message', segwitHeader, 'bip137')).toEqual({ ok: true });
    expect(verifyBitcoinMessage(address, 'message', p2pkh, 'bip137', { sparkP2pkhHeadersOnly: true })).toEqual({ ok: true });
    expect(verifyBitcoinMessage(address, 'message', segwitHeader, 'bip137', { sparkP2pkhHeadersOnly: true }).ok).toBe(false);
  });

  it('reads the testnet forms only when asked (the alternate bitcoin-testnet-addresses), and verifies against them', () => {
    const pub = publicKeyOf(key, true);
    const keyHash = hash160(pub);
    const scriptHash = hash160(Buffer.concat([Buffer.of(0x00, 0x14), keyHash]));
    const forms = [
      [base58checkEncode(Buffer.concat([Buffer.of(0x6f), keyHash])), 'p2pkh', keyHash, 31],
      [base58checkEncode(Buffer.concat([Buffer.of(0xc4), scriptHash])), 'p2sh', scriptHash, 35],
      [bech32.encode('tb', [0, ...bech32.toWords(keyHash)]), 'p2wpkh', keyHash, 39],
    ] as const;
    for (const [address, kind, hash, base] of forms) {
      expect(parseBitcoinAddress(address)).toBeUndefined();
      expect(parseBitcoinAddress(address, { testnet: true })).toEqual({ kind, hash });
      const sig = Buffer.from(signBitcoin(key, 'message', 'p2pkh'), 'base64');
      sig[0] = sig[0] - 31 + base;
      expect(verifyBitcoinMessage(address, 'message', sig.toString('base64'), 'bip137').ok).toBe(false);
      expect(verifyBitcoinMessage(address, 'message', sig.toString('base64'), 'bip137', { testnet: true })).toEqual({ ok: true });
    }
  });

  it('reads the five address forms and nothing else', () => {
    const pub = publicKeyOf(key, true);
    expect(parseBitcoinAddress(addressOf(key, 'p2pkh'))).toEqual({ kind: 'p2pkh', hash: hash160(pub) });
    expect(parseBitcoinAddress(addressOf(key, 'p2pkh-uncompressed'))).toEqual({ kind: 'p2pkh', hash: hash160(publicKeyOf(key, false)) });
    expect(parseBitcoinAddress(addressOf(key, 'p2sh-p2wpkh'))).toEqual({ kind: 'p2sh', hash: hash160(Buffer.concat([Buffer.of(0x00, 0x14), hash160(pub)])) });
    expect(parseBitcoinAddress(addressOf(key, 'p2wpkh'))).toEqual({ kind: 'p2wpkh', hash: hash160(pub) });
    expect(parseBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual({ kind: 'p2wpkh', hash: hash160(pub) });
    expect(parseBitcoinAddress(addressOf(key, 'spark'))).toEqual({ kind: 'spark', identityKey: pub });
    // BIP 173 / BIP 350 vectors: a P2WSH program, a testnet address, a taproot (v1) address; a bad checksum.
    expect(parseBitcoinAddress('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBeUndefined();
    expect(parseBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBeUndefined();
    expect(parseBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBeUndefined();
    expect(parseBitcoinAddress('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ')).toBeUndefined();
  });
});

describe('sandbox: Keccak-256 (its own)', () => {
  it('hashes the published Keccak-256 vectors', () => {
    const k = (text: string) => Buffer.from(keccak256(new TextEncoder().encode(text))).toString('hex');
    expect(k('')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(k('abc')).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
    expect(k('The quick brown fox jumps over the lazy dog')).toBe('4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15');
  });

  it('agrees with @noble/hashes keccak_256 at every block boundary (rate 136 bytes)', () => {
    for (const n of [1, 135, 136, 137, 271, 272, 273, 500]) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255);
      expect(Buffer.from(keccak256(data)).toString('hex'), `${n} bytes`).toBe(Buffer.from(keccak_256(data)).toString('hex'));
    }
  });
});

describe('sandbox: TIP-191 Tron signatures (the alternate tron-wallet-signature)', () => {
  const tronAddress = (secret: Uint8Array) => base58checkEncode(Buffer.concat([Buffer.of(0x41), Buffer.from(keccak_256(publicKeyOf(secret, false).subarray(1))).subarray(12)]));
  const signWith = (secret: Uint8Array, message: string) => {
    const rec = secp256k1.sign(tronMessageHash(message), secret, { prehash: false, format: 'recovered', lowS: true });
    return `0x${Buffer.from(rec.subarray(1)).toString('hex')}${(27 + rec[0]).toString(16)}`;
  };

  it('verifies a signature of the address\'s key, with or without 0x, and refuses a wrong key, a wrong message and a malleated signature', () => {
    const one = new Uint8Array(32);
    one[31] = 1;
    // The Tron address of private key 1.
    expect(tronAddress(one)).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    const key = hex('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318');
    const address = tronAddress(key);
    const sig = signWith(key, 'Some data');
    expect(verifyTronMessage(address, 'Some data', sig)).toEqual({ ok: true });
    expect(verifyTronMessage(address, 'Some data', sig.slice(2))).toEqual({ ok: true });
    expect(verifyTronMessage(address, 'Some data', signWith(one, 'Some data')).ok).toBe(false);
    expect(verifyTronMessage(address, 'Some datA', sig).ok).toBe(false);
    // An EIP-191 signature of the same key is over another digest.
    expect(verifyTronMessage(address, 'Some data', (() => {
      const rec = secp256k1.sign(personalMessageHash('Some data'), key, { prehash: false, format: 'recovered', lowS: true });
      return `0x${Buffer.from(rec.subarray(1)).toString('hex')}${(27 + rec[0]).toString(16)}`;
    })()).ok).toBe(false);
    const s = BigInt(`0x${sig.slice(66, 130)}`);
    const malleated = `${sig.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}${sig.endsWith('1b') ? '1c' : '1b'}`;
    expect(verifyTronMessage(address, 'Some data', malleated)).toEqual({ ok: false, reason: 'high-S signature (malleated)' });
  });
});

describe('sandbox: EIP-191 signatures (elliptic secp256k1, js-sha3 keccak256)', () => {
  it('verifies the web3.js accounts.sign documentation vector', () => {
    // web3.js docs, web3.eth.accounts.sign('Some data', '0x4c0883a6...'): address 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23.
    const sig = '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c';
    expect(Buffer.from(personalMessageHash('Some data')).toString('hex')).toBe('1da44b586eb0729ff70a73c326926f6ed5a25f5b056e7f47fbc6e58d86871655');
    expect(verifyPersonalSign('0x2c7536E3605D9C16a7a3D7b1898e529396a65c23', 'Some data', sig)).toEqual({ ok: true });
    // Compared without regard to case.
    expect(verifyPersonalSign('0x2c7536e3605d9c16a7a3d7b1898e529396a65c23', 'Some data', sig)).toEqual({ ok: true });
  });

  it('verifies the ethers v5 Signer.signMessage documentation vector', () => {
    const sig = '0x14280e5885a19f60e536de50097e96e3738c7acae4e9e62d67272d794b8127d31c03d9cd59781d4ee31fb4e1b893bd9b020ec67dfa65cfb51e2bdadbb1de26d91c';
    expect(verifyPersonalSign('0x71CB05EE1b1F506fF321Da3dac38f25c0c9ce6E1', 'Hello World', sig)).toEqual({ ok: true });
  });

  it('refuses a wrong key, a wrong message and a malleated signature', () => {
    const key = hex('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318');
    const address = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23';
    const signWith = (secret: Uint8Array, message: string) => {
      const rec = secp256k1.sign(personalMessageHash(message), secret, { prehash: false, format: 'recovered', lowS: true });
      return `0x${Buffer.from(rec.subarray(1)).toString('hex')}${(27 + rec[0]).toString(16)}`;
    };
    const sig = signWith(key, 'Some data');
    expect(sig).toBe('0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c');
    expect(verifyPersonalSign(address, 'Some data', signWith(hex('0123456789012345678901234567890123456789012345678901234567890123'), 'Some data')).ok).toBe(false);
    expect(verifyPersonalSign(address, 'Some datA', sig).ok).toBe(false);
    const s = BigInt(`0x${sig.slice(66, 130)}`);
    const malleated = `${sig.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}${sig.endsWith('1b') ? '1c' : '1b'}`;
    expect(verifyPersonalSign(address, 'Some data', malleated)).toEqual({ ok: false, reason: 'high-S signature (malleated)' });
    expect(verifyPersonalSign(address, 'Some data', `${sig.slice(0, 10)}00${sig.slice(12)}`).ok).toBe(false);
    expect(verifyPersonalSign(address, 'Some data', `${sig.slice(0, 130)}1d`).ok).toBe(false);
    // v as 0 or 1 reads the same, but for the alternate evm-v-27-28-only.
    const v01 = `${sig.slice(0, 130)}0${Number.parseInt(sig.slice(130), 16) - 27}`;
    expect(verifyPersonalSign(address, 'Some data', v01)).toEqual({ ok: true });
    expect(verifyPersonalSign(address, 'Some data', v01, { v27or28Only: true }).ok).toBe(false);
    expect(verifyPersonalSign(address, 'Some data', sig, { v27or28Only: true })).toEqual({ ok: true });
  });

  it('writes addresses by EIP-55 (the EIP\'s own examples), from either case', () => {
    for (const a of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(checksumAddress(a.toLowerCase())).toBe(a);
      expect(checksumAddress(a.toUpperCase().replace('0X', '0x'))).toBe(a);
    }
  });
});

describe('sandbox: Solana Ed25519 signatures (node:crypto, bs58)', () => {
  // RFC 8032 section 7.1, TEST 1 and TEST 2.
  const vectors = [
    { secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', pub: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', msg: '', sig: 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b' },
    { secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb', pub: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c', msg: 'r', sig: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00' },
  ];
  const edKey = (secret: string, pub: string) =>
    createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: hex(secret).toString('base64url'), x: hex(pub).toString('base64url') }, format: 'jwk' });

  it.each(vectors)('verifies RFC 8032 vector with public key $pub', ({ secret, pub, msg, sig }) => {
    expect(nodeSign(null, Buffer.from(msg), edKey(secret, pub)).toString('hex')).toBe(sig);
    expect(verifyEd25519Message(bs58.encode(hex(pub)), msg, bs58.encode(hex(sig)))).toEqual({ ok: true });
  });

  it('refuses a wrong key, a wrong message and a malleated signature', () => {
    const [a, b] = vectors;
    const address = bs58.encode(hex(a.pub));
    const sig = hex(a.sig);
    expect(verifyEd25519Message(bs58.encode(hex(b.pub)), '', bs58.encode(sig)).ok).toBe(false);
    expect(verifyEd25519Message(address, '', bs58.encode(hex(b.sig))).ok).toBe(false);
    expect(verifyEd25519Message(address, 'x', bs58.encode(sig)).ok).toBe(false);
    // S + L (the group order) is the classic Ed25519 malleation; RFC 8032 verification refuses it.
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const s = BigInt(`0x${Buffer.from(sig.subarray(32)).reverse().toString('hex')}`) + L;
    const malleated = Buffer.concat([sig.subarray(0, 32), hex(s.toString(16).padStart(64, '0')).reverse()]);
    expect(verifyEd25519Message(address, '', bs58.encode(malleated)).ok).toBe(false);
    expect(verifyEd25519Message(address, '', sig.toString('hex')).ok).toBe(false);
  });

  it('decodes base58 as published (draft-msporny-base58 examples)', () => {
    expect(Buffer.from(bs58.decode('2NEpo7TZRRrLZSi2U')).toString()).toBe('Hello World!');
    expect(Buffer.from(bs58.decode('USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z')).toString()).toBe('The quick brown fox jumps over the lazy dog.');
    expect(Buffer.from(bs58.decode('11233QC4')).toString('hex')).toBe('0000287fb4cd');
  });
});

describe('sandbox: P-256 webhook signatures (@noble/curves, its own PEM keys)', () => {
  // RFC 6979 appendix A.2.5, P-256 with SHA-256: private key x, public key (Ux, Uy), messages "sample" and "test".
  const x = 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721';
  const ux = '60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6';
  const uy = '7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299';
  const nodeKey = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', d: hex(x).toString('base64url'), x: hex(ux).toString('base64url'), y: hex(uy).toString('base64url') }, format: 'jwk' });
  const key = loadWebhookKey(nodeKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const derInt = (h: string) => (parseInt(h.slice(0, 2), 16) >= 0x80 ? `00${h}` : h);
  const der = (r: string, s: string) => {
    const ri = derInt(r);
    const si = derInt(s);
    const body = `02${(ri.length / 2).toString(16).padStart(2, '0')}${ri}02${(si.length / 2).toString(16).padStart(2, '0')}${si}`;
    return `30${(body.length / 2).toString(16).padStart(2, '0')}${body}`;
  };

  it.each([
    ['sample', 'efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716', 'f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8'],
    ['test', 'f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367', '019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083'],
  ])('signs "%s" as RFC 6979 publishes, DER, base64; refuses it for another body, key or signature', (message, r, s) => {
    expect(Buffer.from(key.publicKey).toString('hex')).toBe(`04${ux}${uy}`);
    const sig = signWebhookBody(Buffer.from(message), key);
    expect(Buffer.from(sig, 'base64').toString('hex')).toBe(der(r, s));
    expect(verifyWebhookBody(Buffer.from(message), sig, key.publicKey)).toBe(true);
    expect(verifyWebhookBody(Buffer.from(`${message}!`), sig, key.publicKey)).toBe(false);
    expect(verifyWebhookBody(Buffer.from(message), sig, loadWebhookKey(generateWebhookKeyPair().privateKeyPem).publicKey)).toBe(false);
    const tampered = Buffer.from(sig, 'base64');
    tampered[tampered.length - 1] ^= 0x01;
    expect(verifyWebhookBody(Buffer.from(message), tampered.toString('base64'), key.publicKey)).toBe(false);
    // A non-canonical DER encoding of the same (r, s) (a needless leading zero) is a malleation DER forbids.
    const padded = hex(der(r, s).replace(/^30(..)02(..)/, (_m, total: string, rl: string) => `30${(parseInt(total, 16) + 1).toString(16).padStart(2, '0')}02${(parseInt(rl, 16) + 1).toString(16).padStart(2, '0')}00`));
    expect(verifyWebhookBody(Buffer.from(message), padded.toString('base64'), key.publicKey)).toBe(false);
    expect(nodeVerify('sha256', Buffer.from(message), createPublicKey(nodeKey), padded)).toBe(false);
  });

  it('writes PKCS#8 and SPKI PEM that OpenSSL reads, and reads the PKCS#8 and SEC1 PEM OpenSSL writes', () => {
    const pair = generateWebhookKeyPair();
    const openssl = createPrivateKey(pair.privateKeyPem);
    expect(createPublicKey(openssl).export({ type: 'spki', format: 'pem' })).toBe(pair.publicKeyPem);
    expect(pair.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE/);
    expect(privateKeyPem(loadWebhookKey(pair.privateKeyPem))).toBe(pair.privateKeyPem);
    const theirs = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const spki = theirs.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(publicKeyFromPrivate(theirs.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toBe(spki);
    expect(publicKeyFromPrivate(theirs.privateKey.export({ type: 'sec1', format: 'pem' }).toString())).toBe(spki);
    // \`openssl ecparam -name prime256v1 -genkey\` writes the curve's parameters block first.
    const params = '-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n';
    expect(publicKeyFromPrivate(params + theirs.privateKey.export({ type: 'sec1', format: 'pem' }).toString())).toBe(spki);
    expect(createPublicKey(createPrivateKey(params + theirs.privateKey.export({ type: 'sec1', format: 'pem' }).toString())).export({ type: 'spki', format: 'pem' })).toBe(spki);
    expect(publicKeyPem({ secret: new Uint8Array(32), publicKey: readPublicKeyPem(spki) })).toBe(spki);
  });

  it('refuses keys on other curves, of other kinds, or with a public key that is not theirs', () => {
    const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey;
    expect(() => loadWebhookKey(k1.export({ type: 'pkcs8', format: 'pem' }).toString())).toThrow(/P-256/);
    expect(() => loadWebhookKey(k1.export({ type: 'sec1', format: 'pem' }).toString())).toThrow(/P-256/);
    expect(() => loadWebhookKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toThrow(/not an EC key/);
    expect(() => loadWebhookKey(generateWebhookKeyPair().publicKeyPem)).toThrow(/PRIVATE KEY/);
    const a = generateWebhookKeyPair();
    const b = loadWebhookKey(generateWebhookKeyPair().privateKeyPem);
    const mixed = privateKeyPem({ secret: loadWebhookKey(a.privateKeyPem).secret, publicKey: b.publicKey });
    expect(() => loadWebhookKey(mixed)).toThrow(/does not belong/);
  });
});
