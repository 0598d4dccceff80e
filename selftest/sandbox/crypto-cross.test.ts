// Judge and judged agree while sharing no code: what the sandbox signs (webhooks) verifies with the
// harness's verifier, what the harness's signers sign verifies in the sandbox, and, for every wallet
// job, a signature made with the sandbox's library verifies with the harness's verifier. Each pair
// also disagrees on a wrong key, so neither side passes by accepting everything.
import { createPrivateKey, generateKeyPairSync, sign as nodeSign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import bs58 from 'bs58';
import elliptic from 'elliptic';
import { getAddress as ethersGetAddress, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { addressTypeOf, bitcoinAddress, signBitcoinMessage, verifyBitcoinMessage as harnessVerifyBitcoin, type BitcoinAddressType } from '../../helpers/wallets/bitcoin.js';
import { verifyEvmMessage } from '../../helpers/wallets/evm.js';
import { solanaAddress, solanaSign, verifySolanaMessage } from '../../helpers/wallets/solana.js';
import { generateWebhookKeyPair as harnessKeyPair, signWebhookBody as harnessSign, verifyWebhookSignature } from '../../helpers/webhook-signature.js';
import { buildSandbox } from '../../sandbox/app.js';
import { magicHash, parseBitcoinAddress, verifyBitcoinMessage } from '../../sandbox/crypto/bitcoin.js';
import { checksumAddress, personalMessageHash, verifyPersonalSign } from '../../sandbox/crypto/evm.js';
import { verifyEd25519Message } from '../../sandbox/crypto/solana.js';
import { generateWebhookKeyPair, loadWebhookKey, publicKeyFromPrivate, readPublicKeyPem, signWebhookBody, verifyWebhookBody } from '../../sandbox/crypto/webhook-signing.js';

const secret = () => secp256k1.utils.randomSecretKey();
const MESSAGES = ['', 'I verify that I control this wallet. Nonce: 4f0c', 'ünïcødé ✓', 'x'.repeat(300)];

describe('webhook signatures across the boundary', () => {
  it('a body the sandbox signs verifies with the harness, with the key the sandbox publishes', () => {
    const pair = generateWebhookKeyPair();
    const key = loadWebhookKey(pair.privateKeyPem);
    const stranger = harnessKeyPair().publicKeyPem;
    for (let i = 0; i < 24; i++) {
      const body = Buffer.from(JSON.stringify({ id: `Webhook:${i}`, type: 'TEST', timestamp: new Date(i * 1000).toISOString(), data: { n: i, text: MESSAGES[i % MESSAGES.length] } }));
      const sig = signWebhookBody(body, key);
      expect(verifyWebhookSignature(body, sig, pair.publicKeyPem)).toEqual({ ok: true, form: 'bare' });
      expect(verifyWebhookSignature(body, JSON.stringify({ v: '1', s: sig }), pair.publicKeyPem)).toEqual({ ok: true, form: 'json' });
      expect(verifyWebhookSignature(body, sig, stranger).ok).toBe(false);
      expect(verifyWebhookSignature(Buffer.concat([body, Buffer.from(' ')]), sig, pair.publicKeyPem).ok).toBe(false);
    }
  });

  it('a key the harness makes loads in the sandbox, which publishes the same public key and signs verifiably', () => {
    const pair = harnessKeyPair();
    expect(publicKeyFromPrivate(pair.privateKeyPem)).toBe(pair.publicKeyPem);
    const body = Buffer.from('{"id":"Webhook:1","type":"TEST"}');
    expect(verifyWebhookSignature(body, signWebhookBody(body, loadWebhookKey(pair.privateKeyPem)), pair.publicKeyPem)).toEqual({ ok: true, form: 'bare' });
  });

  it('a delivery from a sandbox given the harness\'s key verifies with the harness, over the raw body as sent', async () => {
    const pair = harnessKeyPair();
    const received: { body: Buffer; header: string | string[] | undefined }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks), header: req.headers['x-svc-signature'] });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const sandbox = await buildSandbox({ allowInsecureLoopbackWebhooks: true, webhookPrivateKeyPem: pair.privateKeyPem });
    try {
      expect(sandbox.webhookPublicKeyPem).toBe(pair.publicKeyPem);
      sandbox.ctx.config.webhookEndpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const { attempt } = await sandbox.ctx.webhooks.sendTest();
      expect(attempt.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0].body.toString())).toMatchObject({ test: true, type: 'TEST' });
      expect(verifyWebhookSignature(received[0].body, received[0].header, pair.publicKeyPem)).toEqual({ ok: true, form: 'bare' });
      expect(verifyWebhookSignature(received[0].body, received[0].header, harnessKeyPair().publicKeyPem).ok).toBe(false);
    } finally {
      await sandbox.close();
      await new Promise((ok) => server.close(ok));
    }
  });

  it('a body the harness signs verifies with the sandbox', () => {
    const pair = harnessKeyPair();
    const point = readPublicKeyPem(pair.publicKeyPem);
    const other = loadWebhookKey(generateWebhookKeyPair().privateKeyPem).publicKey;
    for (let i = 0; i < 24; i++) {
      const body = Buffer.from(`{"id":"Webhook:${i}"}`);
      const sig = harnessSign(body, pair.privateKeyPem);
      expect(verifyWebhookBody(body, sig, point)).toBe(true);
      expect(verifyWebhookBody(body, sig, other)).toBe(false);
    }
  });
});

describe('EIP-191 across the boundary (ethers / @noble)', () => {
  it('the harness wallet signs, the sandbox verifies; the sandbox library signs, the harness verifies', async () => {
    for (const message of MESSAGES) {
      const key = secret();
      const wallet = new Wallet(`0x${Buffer.from(key).toString('hex')}`);
      const stranger = new Wallet(`0x${Buffer.from(secret()).toString('hex')}`);
      const theirs = await wallet.signMessage(message);
      expect(verifyPersonalSign(wallet.address, message, theirs)).toEqual({ ok: true });
      expect(verifyPersonalSign(stranger.address, message, theirs).ok).toBe(false);
      const rec = secp256k1.sign(personalMessageHash(message), key, { prehash: false, format: 'recovered', lowS: true });
      const ours = `0x${Buffer.from(rec.subarray(1)).toString('hex')}${(27 + rec[0]).toString(16)}`;
      expect(ours).toBe(theirs);
      expect(verifyEvmMessage(wallet.address, message, ours)).toEqual({ ok: true });
      expect(verifyEvmMessage(stranger.address, message, ours).ok).toBe(false);
    }
  });

  it('both sides write the same EIP-55 address', () => {
    for (let i = 0; i < 16; i++) {
      const lower = `0x${Buffer.from(secret()).subarray(0, 20).toString('hex')}`;
      expect(checksumAddress(lower)).toBe(ethersGetAddress(lower));
    }
  });
});

describe('Solana Ed25519 across the boundary (@noble / node:crypto)', () => {
  it('the harness signs, the sandbox verifies; node:crypto signs, the harness verifies', () => {
    for (const message of MESSAGES) {
      const seed = secret();
      const address = solanaAddress(seed);
      const stranger = solanaAddress(secret());
      const theirs = solanaSign(seed, message);
      expect(verifyEd25519Message(address, message, theirs)).toEqual({ ok: true });
      expect(verifyEd25519Message(stranger, message, theirs).ok).toBe(false);
      const key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: Buffer.from(seed).toString('base64url'), x: Buffer.from(bs58.decode(address)).toString('base64url') }, format: 'jwk' });
      const ours = bs58.encode(nodeSign(null, Buffer.from(message), key));
      expect(ours).toBe(theirs);
      expect(verifySolanaMessage(address, message, ours)).toEqual({ ok: true });
      expect(verifySolanaMessage(stranger, message, ours).ok).toBe(false);
    }
    const { publicKey } = generateKeyPairSync('ed25519');
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
    expect(verifySolanaMessage(bs58.encode(raw), 'm', bs58.encode(Buffer.alloc(64))).ok).toBe(false);
  });
});

describe('Bitcoin message signatures across the boundary (@noble / elliptic)', () => {
  const FORMS: BitcoinAddressType[] = ['p2pkh-uncompressed', 'p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark'];
  const HEADER: Record<BitcoinAddressType, number> = { 'p2pkh-uncompressed': 27, p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39, spark: 31 };

  const secp = new elliptic.ec('secp256k1');

  it.each(FORMS)('%s: the harness signs, the sandbox verifies; elliptic signs, the harness verifies (bip137 and electrum)', (form) => {
    for (const message of MESSAGES) {
      const key = secret();
      const address = bitcoinAddress(secp256k1.getPublicKey(key, form !== 'p2pkh-uncompressed'), form);
      const stranger = bitcoinAddress(secp256k1.getPublicKey(secret(), form !== 'p2pkh-uncompressed'), form);
      const kind = addressTypeOf(address);
      expect(parseBitcoinAddress(address)?.kind).toBe(kind);
      for (const scheme of ['bip137', 'electrum'] as const) {
        const theirs = signBitcoinMessage(key, message, form, scheme);
        expect(verifyBitcoinMessage(address, message, theirs, scheme)).toEqual({ ok: true });
        expect(verifyBitcoinMessage(stranger, message, theirs, scheme).ok).toBe(false);
        const sig = secp.sign(magicHash(message), Buffer.from(key), { canonical: true });
        const header = (scheme === 'electrum' && form !== 'p2pkh-uncompressed' ? 31 : HEADER[form]) + sig.recoveryParam!;
        const ours = Buffer.concat([Buffer.of(header), sig.r.toArrayLike(Buffer, 'be', 32), sig.s.toArrayLike(Buffer, 'be', 32)]).toString('base64');
        expect(ours).toBe(theirs);
        expect(harnessVerifyBitcoin(address, message, ours, scheme)).toEqual({ ok: true });
        expect(harnessVerifyBitcoin(stranger, message, ours, scheme).ok).toBe(false);
      }
    }
  });

  it('the two sides agree on which headers fit which address, scheme by scheme', () => {
    const key = secret();
    const message = 'headers';
    for (const form of FORMS) {
      const address = bitcoinAddress(secp256k1.getPublicKey(key, form !== 'p2pkh-uncompressed'), form);
      const base = Buffer.from(signBitcoinMessage(key, message, form, 'bip137'), 'base64');
      const recovery = (base[0] - 27) & 3;
      for (const header of [27, 31, 35, 39]) {
        const sig = Buffer.from(base);
        sig[0] = header + recovery;
        // An uncompressed header needs the uncompressed key's signature and the other way round.
        if ((header === 27) !== (form === 'p2pkh-uncompressed')) continue;
        for (const scheme of ['bip137', 'electrum'] as const) {
          const text = sig.toString('base64');
          expect(verifyBitcoinMessage(address, message, text, scheme).ok, `${form} header ${header} ${scheme}`).toBe(harnessVerifyBitcoin(address, message, text, scheme).ok);
        }
      }
    }
  });
});
