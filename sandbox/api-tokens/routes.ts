// Supplement sections 11 and 20: API tokens. POST /tokens, GET /tokens, GET /tokens/{tokenId},
// DELETE /tokens/{tokenId}. A created token authenticates as HTTP Basic clientId:clientSecret with
// the permissions it was given (VIEW reads, TRANSACT sends payments, MANAGE manages config, tokens
// and customers); its secret is shown once, at creation; a deleted token stops authenticating at once.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { PageQuery } from '../store/cursor-page.js';
import { indexedPage, timeRange } from '../store/position-index.js';
import { deleted, getToken, present, tokenStore, type TokenRecord } from './state.js';

// sandbox/app.ts's authentication hook takes authenticateToken from here, with the plugin.
export { authenticateToken, type Permission } from './state.js';

const CreateBody = z.strictObject({
  name: z.string().min(1).max(255),
  permissions: z.array(z.enum(['VIEW', 'TRANSACT', 'MANAGE'])).min(1),
});
const Timestamp = z.string().datetime({ offset: true });
const ListQuery = PageQuery.extend({
  name: z.string().optional(),
  createdAfter: Timestamp.optional(),
  createdBefore: Timestamp.optional(),
  updatedAfter: Timestamp.optional(),
  updatedBefore: Timestamp.optional(),
}).passthrough();
const IdParams = z.object({ tokenId: z.string().min(1) });

export async function apiTokenRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const storeToken = (name: string, permissions: TokenRecord['permissions']): TokenRecord => {
    const now = isoNow(ctx.clock);
    const token: TokenRecord = {
      id: `Token:${randomUUID()}`,
      name,
      permissions: [...new Set(permissions)],
      clientId: `token-${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      clientSecret: randomBytes(24).toString('base64url'),
      createdAt: now,
      updatedAt: now,
    };
    const store = tokenStore(ctx);
    store.byId.set(token.id, token);
    store.byClientId.set(token.clientId, token);
    const p = store.order.push(token.id) - 1;
    store.byName.add(token.name, p);
    store.created.push(Date.parse(token.createdAt));
    store.updated.push(Date.parse(token.updatedAt));
    return token;
  };

  app.post('/tokens', async (req, reply) => {
    const sent = req.body as { name?: unknown; permissions?: unknown } | undefined;
    if (ctx.faults.has('token-refused-name-stored') && sent && typeof sent === 'object' && 'name' in sent && typeof sent.name !== 'string') {
      // The fault: a name of another type is refused, but the token is stored first, its name made a string.
      const permissions = CreateBody.shape.permissions.safeParse(sent.permissions);
      if (permissions.success) storeToken(String(sent.name), permissions.data);
    }
    const body = parse(ctx.faults.has('token-permissions-any') ? (CreateBody.extend({ permissions: z.array(z.string()).min(1) }) as unknown as typeof CreateBody) : CreateBody, req.body);
    return reply.status(201).send(present(storeToken(body.name, body.permissions), true));
  });

  // Creation order; a name names a positions list (the page walks it when shorter than the dates' range). No totalCount (optional, supplement 1): counting
  // would read every token.
  app.get('/tokens', async (req) => {
    const q = parse(ListQuery, req.query);
    const store = tokenStore(ctx);
    const at = (s: string) => Date.parse(s);
    const ids = store.order;
    // The faults: name ignored; deleted tokens listed still. (How name matches is not stated: exact here.)
    const ignoreName = ctx.faults.has('tokens-name-filter-ignored');
    const listDeleted = ctx.faults.has('tokens-deleted-listed');
    // The alternate matches the names that begin with the one asked for.
    const prefix = ctx.choices.alternate('token-name-prefix');
    const narrow = q.name && !ignoreName && !listDeleted && !prefix ? [store.byName.get(q.name)] : [];
    const t = (s?: string) => (s === undefined ? undefined : at(s));
    // openapi.yaml, GET /tokens: each time bound is "(inclusive)"; the fault makes them exclusive.
    const exclusive = ctx.faults.has('tokens-time-bounds-exclusive');
    const created = timeRange(store.created, (v) => v, { after: t(q.createdAfter), before: t(q.createdBefore), afterExclusive: exclusive, beforeExclusive: exclusive });
    const updated = timeRange(store.updated, (v) => v, { after: t(q.updatedAfter), before: t(q.updatedBefore), afterExclusive: exclusive, beforeExclusive: exclusive });
    const within = (time: string, after?: string, before?: string) =>
      (after === undefined || (exclusive ? at(time) > at(after) : at(time) >= at(after))) && (before === undefined || (exclusive ? at(time) < at(before) : at(time) <= at(before)));
    const range = { from: Math.max(created.from, updated.from), to: Math.min(created.to, updated.to) };
    let current: TokenRecord | undefined;
    const matches = (id: string) => {
      const t = (current = store.byId.get(id) ?? (listDeleted ? [...deleted(ctx).values()].find((d) => d.id === id) : undefined));
      return t !== undefined &&
        (!q.name || ignoreName || t.name === q.name || (prefix && t.name.startsWith(q.name))) &&
        within(t.createdAt, q.createdAfter, q.createdBefore) &&
        within(t.updatedAt, q.updatedAfter, q.updatedBefore);
    };
    return indexedPage(ids, { limit: q.limit, cursor: q.cursor, narrow, range }, matches, () => present(current!, ctx.faults.has('token-secret-shown-again')));
  });

  app.get('/tokens/:tokenId', async (req) => {
    const { tokenId } = parse(IdParams, req.params);
    return present(getToken(ctx, tokenId), ctx.faults.has('token-secret-shown-again'));
  });

  app.delete('/tokens/:tokenId', async (req, reply) => {
    const { tokenId } = parse(IdParams, req.params);
    const token = getToken(ctx, tokenId);
    const store = tokenStore(ctx);
    store.byId.delete(token.id);
    store.byClientId.delete(token.clientId);
    deleted(ctx).set(token.clientId, token);
    return reply.status(204).send();
  });
}
