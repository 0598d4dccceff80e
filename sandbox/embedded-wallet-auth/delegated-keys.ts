// Supplement 17: delegated keys. POST /auth/delegated-keys {cardId, internalAccountId, nickname} goes
// 202 -> 202 -> 201: the first signed leg makes the key PENDING and asks for a second signature, the
// second makes it ACTIVE. A key abandoned after the first signed leg stays PENDING (it cannot sign and
// does not block another). One ACTIVE key per card and account (409). DELETE (no retry) revokes an
// ACTIVE key (204), else 400.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { cardsState } from '../cards/state.js';
import { cardAccount as pair, delegatedKeyStore, type DelegatedKey } from './delegated-key-store.js';
import { isEmbeddedWallet, isSessionKeyOf } from './state.js';
import { issueSignatureRequest, signedRetry, type SignedOperation } from './signed-retry.js';

const CreateBody = z.strictObject({ cardId: z.string().min(1), internalAccountId: z.string().min(1), nickname: z.string().min(1).max(256) });
const ListQuery = z.object({ accountId: z.string().min(1).optional(), fundingSourceId: z.string().min(1).optional() }).passthrough()
  .refine((q) => q.accountId !== undefined || q.fundingSourceId !== undefined, { message: 'accountId or fundingSourceId is required', path: ['accountId'] });
const IdParams = z.object({ delegatedKeyId: z.string().min(1) });

const present = (k: DelegatedKey) => ({ ...k });

/** A compressed P-256 public key standing for the key the card side holds (the sandbox keeps no private half). */
function delegatedPublicKey(): string {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const y = Buffer.from(jwk.y, 'base64url');
  return `${(y[y.length - 1]! & 1) === 1 ? '03' : '02'}${Buffer.from(jwk.x, 'base64url').toString('hex')}`;
}

export async function delegatedKeyRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const st = delegatedKeyStore(ctx);
  const fundingSourceId = (cardId: string, accountId: string) => {
    const key = pair(cardId, accountId);
    if (!st.fundingSources.has(key)) st.fundingSources.set(key, `CardFundingSource:${randomUUID()}`);
    return st.fundingSources.get(key)!;
  };

  app.post('/auth/delegated-keys', async (req, reply) => {
    const body = parse(ctx.faults.has('delegated-key-nickname-unbounded') ? CreateBody.extend({ nickname: z.string().min(1) }) : CreateBody, req.body);
    const card = cardsState(ctx).cards.get(body.cardId);
    if (!card) throw notFound('REFERENCE_NOT_FOUND', `Card ${body.cardId} not found`);
    if (!isEmbeddedWallet(ctx, body.internalAccountId)) throw notFound('REFERENCE_NOT_FOUND', `No embedded wallet account ${body.internalAccountId}`);
    if (!card.fundingSources.includes(body.internalAccountId)) throw badRequest('INVALID_INPUT', `Account ${body.internalAccountId} does not fund card ${card.id}`);
    const refuseSecond = () => {
      const active = (st.active.get(pair(card.id, body.internalAccountId))?.size ?? 0) > 0;
      if (active && !ctx.faults.has('delegated-key-second-active-accepted')) {
        throw conflict('CONFLICT', `Card ${card.id} already has an ACTIVE delegated key for account ${body.internalAccountId}`);
      }
    };
    // The alternate refuses a second ACTIVE key at each signed leg, not before the first 202.
    const atLegs = ctx.choices.alternate('delegated-key-conflict-at-signed-leg');
    if (!atLegs) refuseSecond();
    const op: SignedOperation = { activity: 'CREATE_DELEGATED_KEY', accountId: body.internalAccountId, signer: (k) => isSessionKeyOf(ctx, body.internalAccountId, k) };
    return signedRetry(ctx, req, reply, op, (_stamp, pending) => {
      if (atLegs) refuseSecond();
      const now = isoNow(ctx.clock);
      const pendingKey = typeof pending.context === 'string' ? st.keys.get(pending.context) : undefined;
      if (!pendingKey) {
        // The first signed leg: the key is PENDING until its second signature.
        const key: DelegatedKey = {
          id: `DelegatedKey:${randomUUID()}`, cardId: card.id, fundingSourceId: fundingSourceId(card.id, body.internalAccountId), accountId: body.internalAccountId,
          publicKey: delegatedPublicKey(), nickname: body.nickname, status: 'PENDING', createdAt: now, updatedAt: now,
        };
        st.keys.set(key.id, key);
        st.byAccount.add(key.accountId, key.id);
        st.byFundingSource.add(key.fundingSourceId, key.id);
        return issueSignatureRequest(ctx, req, reply, op, key.id);
      }
      pendingKey.status = 'ACTIVE';
      const actives = st.active.get(pair(pendingKey.cardId, pendingKey.accountId));
      if (actives) actives.add(pendingKey.id);
      else st.active.set(pair(pendingKey.cardId, pendingKey.accountId), new Set([pendingKey.id]));
      pendingKey.updatedAt = now;
      return reply.status(201).send(present(pendingKey));
    });
  });

  app.get('/auth/delegated-keys', async (req) => {
    const q = parse(ListQuery, req.query);
    // Unpaged (supplement 17): the keys of the funding source, else of the account, in creation order.
    const ids = q.fundingSourceId !== undefined ? st.byFundingSource.get(q.fundingSourceId) : st.byAccount.get(q.accountId!);
    const keys = ids.map((id) => st.keys.get(id)!);
    // Supplement 17: the list includes PENDING and REVOKED keys (the fault leaves the revoked out).
    return { data: keys.filter((k) => (!q.accountId || k.accountId === q.accountId) && !(k.status === 'REVOKED' && ctx.faults.has('delegated-keys-revoked-unlisted'))).map(present) };
  });

  const getKey = (id: string) => {
    const k = st.keys.get(id);
    if (!k) throw notFound('REFERENCE_NOT_FOUND', `Delegated key ${id} not found`);
    return k;
  };

  app.get('/auth/delegated-keys/:delegatedKeyId', async (req) => present(getKey(parse(IdParams, req.params).delegatedKeyId)));

  app.delete('/auth/delegated-keys/:delegatedKeyId', async (req, reply) => {
    const k = getKey(parse(IdParams, req.params).delegatedKeyId);
    if (k.status !== 'ACTIVE' && !ctx.faults.has('delegated-key-revoke-any-status')) {
      throw badRequest('INVALID_INPUT', `Delegated key ${k.id} is ${k.status}; only an ACTIVE key is revoked`);
    }
    k.status = 'REVOKED';
    st.active.get(pair(k.cardId, k.accountId))?.delete(k.id);
    k.updatedAt = isoNow(ctx.clock);
    return reply.status(204).send();
  });
}
