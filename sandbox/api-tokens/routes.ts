// Supplement sections 11 and 20: API tokens. POST /tokens, GET /tokens, GET /tokens/{tokenId},
// DELETE /tokens/{tokenId}. A created token authenticates as HTTP Basic clientId:clientSecret with
// the permissions it was given (VIEW reads, TRANSACT sends payments, MANAGE manages config, tokens
// and customers); its secret is shown once, at creation; a deleted token stops authenticating at once.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { areaState, parse, type SandboxContext } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import { PageQuery } from '../pagination.js';
import { indexedPage, PositionIndex, timeRange } from '../store/position-index.js';

export type Permission = 'VIEW' | 'TRANSACT' | 'MANAGE';

interface TokenRecord {
  id: string;
  name: string;
  permissions: Permission[];
  clientId: string;
  clientSecret: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Live tokens by id and by clientId (the credential a request names), and every token ever created in
 * creation order, with the positions per name (names never change) and the createdAt and updatedAt of
 * each position (a token is never updated, so both are in creation order and found by binary search),
 * for the list's pages.
 */
const tokenStore = (ctx: SandboxContext) =>
  areaState(ctx, 'api-tokens', () => ({
    byId: new Map<string, TokenRecord>(),
    byClientId: new Map<string, TokenRecord>(),
    order: [] as string[],
    byName: new PositionIndex(),
    created: [] as number[],
    updated: [] as number[],
  }));

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

function present(t: TokenRecord, withSecret = false) {
  return {
    id: t.id,
    name: t.name,
    permissions: t.permissions,
    clientId: t.clientId,
    ...(withSecret ? { clientSecret: t.clientSecret } : {}),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

function getToken(ctx: SandboxContext, id: string): TokenRecord {
  const t = tokenStore(ctx).byId.get(id);
  if (!t) throw notFound(ctx.faults.has('token-not-found-wrong-code') ? 'REFERENCE_NOT_FOUND' : 'TOKEN_NOT_FOUND', `Token ${id} not found`);
  return t;
}

/** Deleted tokens by clientId, kept only so that the fault token-deleted-still-authenticates can let them in. */
const deleted = (ctx: SandboxContext) => areaState(ctx, 'api-tokens-deleted', () => new Map<string, TokenRecord>());

/**
 * The permission an operation needs (supplement 20: "VIEW reads all; TRANSACT sends payments (quote
 * create/execute 403 without it); MANAGE manages config, tokens, customers; other per-endpoint checks
 * not stated"). This sandbox's choice for the rest (sandbox/README.md): reads need VIEW, payment sends
 * need TRANSACT, every other write needs MANAGE.
 */
function permissionFor(ctx: SandboxContext, method: string, path: string): Permission {
  // Fault token-view-reads-config-only: VIEW reads the configuration only, other reads need MANAGE.
  if (method === 'GET' || method === 'HEAD') return ctx.faults.has('token-view-reads-config-only') && path !== '/config' ? 'MANAGE' : 'VIEW';
  // Fault token-manage-not-customers: a customer create needs TRANSACT instead of MANAGE.
  if (ctx.faults.has('token-manage-not-customers') && method === 'POST' && path === '/customers') return 'TRANSACT';
  if (/^\/quotes(\/[^/]+\/execute)?$/.test(path) || /^\/(transfer-in|transfer-out)$/.test(path)) return 'TRANSACT';
  return 'MANAGE';
}

/**
 * Authenticates a request by an API token's Basic credentials: false when the header names no
 * token (the platform's own credentials are checked elsewhere); 403 FORBIDDEN when the token lacks the
 * permission the operation needs.
 */
export function authenticateToken(ctx: SandboxContext, req: FastifyRequest): boolean {
  const header = req.headers.authorization ?? '';
  const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
  if (!m) return false;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const clientId = decoded.slice(0, colon);
  const secret = Buffer.from(decoded.slice(colon + 1));
  const token = tokenStore(ctx).byClientId.get(clientId) ?? (ctx.faults.has('token-deleted-still-authenticates') ? deleted(ctx).get(clientId) : undefined);
  if (!token) return false;
  const expected = Buffer.from(token.clientSecret);
  if (secret.length !== expected.length || !timingSafeEqual(secret, expected)) return false;
  const path = (req.url.split('?')[0] ?? '').replace(/^\/\d{4}-\d{2}-\d{2}/, '');
  const needed = permissionFor(ctx, req.method, path);
  const enforced = !(needed === 'TRANSACT' && ctx.faults.has('token-transact-not-enforced'));
  if (enforced && !token.permissions.includes(needed)) {
    throw new ApiError(403, 'FORBIDDEN', `Token ${token.id} lacks the ${needed} permission ${req.method} ${path} needs`);
  }
  return true;
}

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
    const narrow = q.name && !ignoreName && !listDeleted ? [store.byName.get(q.name)] : [];
    const t = (s?: string) => (s === undefined ? undefined : at(s));
    const created = timeRange(store.created, (v) => v, { after: t(q.createdAfter), before: t(q.createdBefore), afterExclusive: true, beforeExclusive: true });
    const updated = timeRange(store.updated, (v) => v, { after: t(q.updatedAfter), before: t(q.updatedBefore), afterExclusive: true, beforeExclusive: true });
    const range = { from: Math.max(created.from, updated.from), to: Math.min(created.to, updated.to) };
    let current: TokenRecord | undefined;
    const matches = (id: string) => {
      const t = (current = store.byId.get(id) ?? (listDeleted ? [...deleted(ctx).values()].find((d) => d.id === id) : undefined));
      return t !== undefined &&
        (!q.name || ignoreName || t.name === q.name) &&
        (!q.createdAfter || at(t.createdAt) > at(q.createdAfter)) &&
        (!q.createdBefore || at(t.createdAt) < at(q.createdBefore)) &&
        (!q.updatedAfter || at(t.updatedAt) > at(q.updatedAfter)) &&
        (!q.updatedBefore || at(t.updatedAt) < at(q.updatedBefore));
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
