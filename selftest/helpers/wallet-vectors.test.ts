// Wallet signers and verifiers against published vectors, and against wrong keys, wrong messages
// and malleated signatures.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, base64, createBase58check } from '@scure/base';
import { createPublicKey } from 'node:crypto';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { bitcoinAddress, magicHash, signBitcoinMessage, verifyBitcoinMessage } from '../../helpers/wallets/bitcoin.js';
import { evmKey, evmSign, verifyEvmMessage } from '../../helpers/wallets/evm.js';
import { solanaSign, verifySolanaMessage } from '../../helpers/wallets/solana.js';
import { verifyWebhookSignature } from '../../helpers/webhook-signature.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));
const wif = (w: string) => createBase58check(sha256).decode(w).subarray(1, 33);
const flipLastBase64Char = (sig: string) => {
  const bytes = base64.decode(sig);
  bytes[64] ^= 0x01;
  return base64.encode(bytes);
};
/** The other valid-looking signature for the same key: s -> n - s with the recovery bit flipped. */
const malleateBitcoin = (sig: string) => {
  const bytes = base64.decode(sig);
  const n = secp256k1.Point.CURVE().n;
  const s = BigInt(`0x${Buffer.from(bytes.subarray(33)).toString('hex')}`);
  bytes.set(hex((n - s).toString(16).padStart(64, '0')), 33);
  bytes[0] = bytes[0] ^ 1;
  return base64.encode(bytes);
};

describe('Bitcoin message signatures, bip137', () => {
  // bitcoinjs-message test/fixtures.json, valid.sign and valid.verify: private key d = 1,
  // "vires is numeris", "gives equal r, s values irrespective of point compression or segwit type".
  const one = hex('0000000000000000000000000000000000000000000000000000000000000001');
  const vectors = [
    { form: 'p2pkh-uncompressed', sig: 'HF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=' },
    { form: 'p2pkh', sig: 'IF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=' },
    { form: 'p2sh-p2wpkh', sig: 'JF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=', address: '3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN' },
    { form: 'p2wpkh', sig: 'KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
  ] as const;

  it.each(vectors)('signs and verifies the published $form vector (header byte names the address type)', ({ form, sig, ...rest }) => {
    expect(signBitcoinMessage(one, 'vires is numeris', form, 'bip137')).toBe(sig);
    const address = 'address' in rest ? rest.address : bitcoinAddress(secp256k1.getPublicKey(one, form !== 'p2pkh-uncompressed'), form);
    if ('address' in rest) expect(bitcoinAddress(secp256k1.getPublicKey(one, true), form)).toBe(address);
    expect(verifyBitcoinMessage(address, 'vires is numeris', sig, 'bip137')).toEqual({ ok: true });
  });

  it('verifies the published verify vectors of bitcoinjs-message (uncompressed and compressed P2PKH)', () => {
    expect(verifyBitcoinMessage('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', 'vires is numeris', 'G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=', 'bip137').ok).toBe(true);
    expect(verifyBitcoinMessage('1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs', 'vires is numeris', 'H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=', 'bip137').ok).toBe(true);
    // ... and does not cross-verify compressed against uncompressed (same fixture file, invalid.verify).
    expect(verifyBitcoinMessage('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', 'vires is numeris', 'H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=', 'bip137').ok).toBe(false);
  });

  it('reproduces the bitcoinjs-message README vector (WIF L4rK1yDtCWek..., compressed P2PKH)', () => {
    const key = wif('L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1');
    const sig = signBitcoinMessage(key, 'This is an example of a signed message.', 'p2pkh', 'bip137');
    expect(sig).toBe('H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk=');
    expect(bitcoinAddress(secp256k1.getPublicKey(key, true), 'p2pkh')).toBe('1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV');
  });

  it('computes the magic hash of the bitcoinjs-message fixtures', () => {
    expect(Buffer.from(magicHash('')).toString('hex')).toBe('80e795d4a4caadd7047af389d9f7f220562feb6196032e2131e10563352c4bcc');
    expect(Buffer.from(magicHash('Vires is Numeris')).toString('hex')).toBe('f8a5affbef4a3241b19067aa694562f64f513310817297089a8929a930f4f933');
  });

  it('refuses an electrum-style header (31-34) for a segwit address under bip137', () => {
    const key = wif('L4xAvhKR35zFcamyHME2ZHfhw5DEyeJvEMovQHQ7DttPTM8NLWCK');
    const address = bitcoinAddress(secp256k1.getPublicKey(key, true), 'p2wpkh');
    expect(verifyBitcoinMessage(address, 'test', 'IBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=', 'bip137').ok).toBe(false);
  });
});

describe('Bitcoin message signatures, electrum', () => {
  // btclib btclib/tests/test_bms.py, test_segwit: WIF L4xAvhKR35zFcamyHME2ZHfhw5DEyeJvEMovQHQ7DttPTM8NLWCK,
  // message "test"; Electrum signs P2SH-P2WPKH and P2WPKH addresses with the P2PKH header (here 32).
  const key = wif('L4xAvhKR35zFcamyHME2ZHfhw5DEyeJvEMovQHQ7DttPTM8NLWCK');
  const electrumSig = 'IBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=';

  it.each(['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'] as const)('signs and verifies the published Electrum vector for a %s address', (form) => {
    const address = bitcoinAddress(secp256k1.getPublicKey(key, true), form);
    expect(signBitcoinMessage(key, 'test', form, 'electrum')).toBe(electrumSig);
    expect(verifyBitcoinMessage(address, 'test', electrumSig, 'electrum')).toEqual({ ok: true });
  });

  it('verifies the Electrum and Bitcoin Core vector for an uncompressed key (btclib test_msgsign_p2pkh)', () => {
    const sig = 'G/iew/NhHV9V9MdUEn/LFOftaTy1ivGPKPKyMlr8OSokNC755fAxpSThNRivwTNsyY9vPUDTRYBPc2cmGd5d4y4=';
    expect(verifyBitcoinMessage('1HUBHMij46Hae75JPdWjeZ5Q7KaL7EFRSD', 'test message', sig, 'electrum')).toEqual({ ok: true });
    expect(signBitcoinMessage(wif('5KMWWy2d3Mjc8LojNoj8Lcz9B1aWu8bRofUgGwQk959Dw5h2iyw').subarray(0, 32), 'test message', 'p2pkh-uncompressed', 'electrum')).toBe(sig);
  });

  it('refuses a bip137 segwit header (35-42) under electrum', () => {
    const address = bitcoinAddress(secp256k1.getPublicKey(key, true), 'p2wpkh');
    expect(verifyBitcoinMessage(address, 'test', 'KBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=', 'electrum').ok).toBe(false);
  });
});

describe('Bitcoin signatures: wrong key, wrong message, malleated', () => {
  const key = hex('0000000000000000000000000000000000000000000000000000000000000001');
  const other = hex('0000000000000000000000000000000000000000000000000000000000000002');
  it.each(['p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark'] as const)('refuses them for %s', (form) => {
    const address = bitcoinAddress(secp256k1.getPublicKey(key, true), form);
    const good = signBitcoinMessage(key, 'message', form);
    expect(verifyBitcoinMessage(address, 'message', good, 'bip137').ok).toBe(true);
    expect(verifyBitcoinMessage(address, 'message', signBitcoinMessage(other, 'message', form), 'bip137').ok).toBe(false);
    expect(verifyBitcoinMessage(address, 'messagE', good, 'bip137').ok).toBe(false);
    expect(verifyBitcoinMessage(address, 'message', flipLastBase64Char(good), 'bip137').ok).toBe(false);
    expect(verifyBitcoinMessage(address, 'message', malleateBitcoin(good), 'bip137').ok).toBe(false);
  });
});

describe('EIP-191 signatures', () => {
  it('reproduces the web3.js accounts.sign documentation vector', async () => {
    // web3.js docs, web3.eth.accounts.sign('Some data', '0x4c0883a6...'): address 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23.
    const sig = await evmSign('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'Some data');
    expect(sig).toBe('0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c');
    expect(verifyEvmMessage('0x2c7536E3605D9C16a7a3D7b1898e529396a65c23', 'Some data', sig)).toEqual({ ok: true });
  });

  it('reproduces the ethers v5 Signer.signMessage documentation vector', async () => {
    // ethers v5 docs (Wallet): Wallet.fromMnemonic('announce room limb pattern dry unit scale effort smooth jazz
    // weasel alcohol').signMessage("Hello World"), address 0x71CB05EE1b1F506fF321Da3dac38f25c0c9ce6E1.
    const wallet = Wallet.fromPhrase('announce room limb pattern dry unit scale effort smooth jazz weasel alcohol');
    expect(wallet.address).toBe('0x71CB05EE1b1F506fF321Da3dac38f25c0c9ce6E1');
    const sig = await evmSign(wallet.privateKey, 'Hello World');
    expect(verifyEvmMessage(wallet.address, 'Hello World', sig)).toEqual({ ok: true });
    expect(sig).toBe('0x14280e5885a19f60e536de50097e96e3738c7acae4e9e62d67272d794b8127d31c03d9cd59781d4ee31fb4e1b893bd9b020ec67dfa65cfb51e2bdadbb1de26d91c');
  });

  it('makes the address and the signatures ethers\' Wallet makes, from the same key', async () => {
    expect(evmKey('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318').address).toBe('0x2c7536E3605D9C16a7a3D7b1898e529396a65c23');
    for (const key of ['0x0000000000000000000000000000000000000000000000000000000000000001', '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', `0x${'ab'.repeat(32)}`, 'ab'.repeat(32)]) {
      const wallet = new Wallet(key);
      expect(evmKey(key).address).toBe(wallet.address);
      for (const message of ['', 'Hello World', 'ünïcödé ✓\nsecond line']) expect(evmKey(key).signMessage(message)).toBe(await wallet.signMessage(message));
    }
  });

  it('refuses a wrong key, a wrong message and a malleated signature', async () => {
    const key = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
    const address = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23';
    const sig = await evmSign(key, 'Some data');
    expect(verifyEvmMessage(address, 'Some data', await evmSign('0x0123456789012345678901234567890123456789012345678901234567890123', 'Some data')).ok).toBe(false);
    expect(verifyEvmMessage(address, 'Some datA', sig).ok).toBe(false);
    const n = secp256k1.Point.CURVE().n;
    const s = BigInt(`0x${sig.slice(66, 130)}`);
    const malleated = `${sig.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${sig.endsWith('1b') ? '1c' : '1b'}`;
    expect(verifyEvmMessage(address, 'Some data', malleated).ok).toBe(false);
    expect(verifyEvmMessage(address, 'Some data', `${sig.slice(0, 10)}00${sig.slice(12)}`).ok).toBe(false);
  });
});

describe('Solana Ed25519 signatures (base58)', () => {
  // RFC 8032 section 7.1, TEST 1 and TEST 2.
  const vectors = [
    { secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', pub: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', msg: '', sig: 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b' },
    { secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb', pub: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c', msg: 'r', sig: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00' },
  ];
  it.each(vectors)('reproduces RFC 8032 vector with public key $pub', ({ secret, pub, msg, sig }) => {
    const address = base58.encode(hex(pub));
    expect(base58.encode(ed25519.getPublicKey(hex(secret)))).toBe(address);
    expect(solanaSign(hex(secret), msg)).toBe(base58.encode(hex(sig)));
    expect(verifySolanaMessage(address, msg, base58.encode(hex(sig)))).toEqual({ ok: true });
  });

  it('refuses a wrong key, a wrong message and a malleated signature', () => {
    const [a, b] = vectors;
    const address = base58.encode(hex(a.pub));
    const sig = hex(a.sig);
    expect(verifySolanaMessage(address, '', base58.encode(hex(b.sig))).ok).toBe(false);
    expect(verifySolanaMessage(address, 'x', base58.encode(sig)).ok).toBe(false);
    // S + L (the group order) is the classic Ed25519 malleation; strict verification refuses it.
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const s = BigInt(`0x${Buffer.from(sig.subarray(32)).reverse().toString('hex')}`) + L;
    const malleated = Uint8Array.from([...sig.subarray(0, 32), ...hex(s.toString(16).padStart(64, '0')).reverse()]);
    expect(verifySolanaMessage(address, '', base58.encode(malleated)).ok).toBe(false);
    expect(verifySolanaMessage(address, '', Buffer.from(sig).toString('hex')).ok).toBe(false);
  });
});

describe('P-256 webhook signatures', () => {
  // RFC 6979 appendix A.2.5, P-256 with SHA-256, messages "sample" and "test".
  const x = '60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6';
  const y = '7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: Buffer.from(x, 'hex').toString('base64url'), y: Buffer.from(y, 'hex').toString('base64url') }, format: 'jwk' });
  const der = (r: string, s: string) => Buffer.from(p256.Signature.fromBytes(hex(r + s), 'compact').toBytes('der')).toString('base64');
  it.each([
    ['sample', 'efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716', 'f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8'],
    ['test', 'f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367', '019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083'],
  ])('verifies the RFC 6979 vector for "%s" and refuses it for another body', (message, r, s) => {
    expect(verifyWebhookSignature(Buffer.from(message), der(r, s), key)).toEqual({ ok: true, form: 'bare' });
    expect(verifyWebhookSignature(Buffer.from(`${message}!`), der(r, s), key).ok).toBe(false);
  });
});
