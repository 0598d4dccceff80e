// Supplement 17: GET /auth/sessions, DELETE /auth/sessions/{sessionId} and POST .../refresh (a
// compressed clientPublicKey, or an uncompressed one: legacy, the session key returned sealed).
import { createECDH, createHash, ECDH, randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { notFound } from '../http/errors.js';
import { sealTo } from './crypto.js';
import { AccountQuery, RefreshBody, SessionParams, UNCOMPRESSED } from './schemas.js';
import { signedRetry } from './signed-retry.js';
import { addSession, presentSession, sessionTtlMs, state, walletHelpers, type Session } from './state.js';

/** A P-256 key pair for a legacy session: the compressed public key (hex) and the 32-byte private scalar. */
export function sessionKeyPair(): { publicKey: string; privateKey: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('hex', 'compressed'), privateKey: ecdh.getPrivateKey() };
}

/**
 * Supplement 17: "uncompressed = legacy, key returned sealed (base58check: 33-byte encapsulated key +
 * AES-256-GCM)": the private key HPKE-sealed to clientPublicKey, the encapsulated key compressed.
 */
export async function sealSessionKey(clientPublicKey: string, privateKey: Buffer): Promise<string> {
  const { encappedPublic, ciphertext } = await sealTo(clientPublicKey, Uint8Array.from(privateKey.toString('hex').padStart(64, '0').match(/../g)!.map((h) => parseInt(h, 16))));
  const payload = Buffer.concat([Buffer.from(ECDH.convertKey(encappedPublic, 'prime256v1', 'hex', 'hex', 'compressed') as string, 'hex'), Buffer.from(ciphertext, 'hex')]);
  const check = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest().subarray(0, 4);
  return bs58.encode(Buffer.concat([payload, check]));
}

export async function walletSessionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const st = state(ctx);
  const { isActive, sessionSigner } = walletHelpers(ctx);

  app.get('/auth/sessions', async (req) => {
    const { accountId } = parse(AccountQuery, req.query);
    // An ended session (revoked, expired) never becomes active again: it leaves the account's live list here.
    const live = st.liveSessionsByAccount.get(accountId) ?? new Map<string, Session>();
    const data = [];
    for (const s of live.values()) {
      if (isActive(s)) data.push(presentSession(ctx, s));
      else live.delete(s.id);
    }
    return { data };
  });

  const liveSession = (id: string): Session => {
    const s = st.sessions.get(id);
    if (!s || !isActive(s)) throw notFound('REFERENCE_NOT_FOUND', `No active session ${id}`);
    return s;
  };

  app.delete('/auth/sessions/:sessionId', async (req, reply) => {
    const s = liveSession(parse(SessionParams, req.params).sessionId);
    // Signer: any verified session of the account, the session itself included (the fault: any key at all).
    const signer = ctx.faults.has('wallet-session-revoke-unsigned') ? () => true : sessionSigner(s.credential.accountId);
    return signedRetry(ctx, req, reply, { activity: 'DELETE_SESSION', credentialType: s.credential.type, accountId: s.credential.accountId, signer }, () => {
      s.revoked = true;
      return reply.status(204).send();
    });
  });

  app.post('/auth/sessions/:sessionId/refresh', async (req, reply) => {
    const s = liveSession(parse(SessionParams, req.params).sessionId);
    const body = parse(ctx.faults.has('wallet-refresh-key-unchecked') ? z.strictObject({ clientPublicKey: z.string() }) : RefreshBody, req.body);
    // Signer: the session being refreshed.
    return signedRetry(ctx, req, reply, { activity: 'REFRESH_SESSION', accountId: s.credential.accountId, signer: sessionSigner(s.credential.accountId, (x) => x.id === s.id || ctx.faults.has('wallet-refresh-other-session-signs')) }, async () => {
      const now = ctx.clock.now();
      const legacy = UNCOMPRESSED.test(body.clientPublicKey);
      // Legacy form: the sandbox makes the session key and returns its private half sealed to clientPublicKey.
      const generated = legacy ? sessionKeyPair() : undefined;
      const publicKey = generated ? generated.publicKey : body.clientPublicKey.toLowerCase();
      const session: Session = { id: `Session:${randomUUID()}`, credential: s.credential, publicKey, createdAt: new Date(now).toISOString(), expiresAtMs: now + sessionTtlMs(ctx), revoked: false };
      addSession(st, session);
      // The alternate ends the session refreshed: the new one takes its place.
      if (ctx.choices.alternate('refresh-ends-session')) s.revoked = true;
      const sealed = generated ? { encryptedSessionSigningKey: await sealSessionKey(body.clientPublicKey, ctx.faults.has('wallet-legacy-session-key-mismatch') ? sessionKeyPair().privateKey : generated.privateKey) } : {};
      return reply.status(201).send({ ...presentSession(ctx, session), ...sealed });
    });
  });
}
