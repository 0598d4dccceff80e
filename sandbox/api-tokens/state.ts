// The API-token store (supplement sections 11 and 20): live tokens by id and by clientId, the deleted
// ones, the presenter, and the authentication of a request by a token's Basic credentials with the
// permission its operation needs (VIEW reads, TRANSACT sends payments, MANAGE manages config, tokens
// and customers).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { areaState, type SandboxContext } from '../context.js';
import { ApiError, notFound } from '../http/errors.js';
import { PositionIndex } from '../store/position-index.js';

export type Permission = 'VIEW' | 'TRANSACT' | 'MANAGE';

export interface TokenRecord {
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
export const tokenStore = (ctx: SandboxContext) =>
  areaState(ctx, 'api-tokens', () => ({
    byId: new Map<string, TokenRecord>(),
    byClientId: new Map<string, TokenRecord>(),
    order: [] as string[],
    byName: new PositionIndex(),
    created: [] as number[],
    updated: [] as number[],
  }));

export function present(t: TokenRecord, withSecret = false) {
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

export function getToken(ctx: SandboxContext, id: string): TokenRecord {
  const t = tokenStore(ctx).byId.get(id);
  if (!t) throw notFound(ctx.faults.has('token-not-found-wrong-code') ? 'REFERENCE_NOT_FOUND' : 'TOKEN_NOT_FOUND', `Token ${id} not found`);
  return t;
}

/** Deleted tokens by clientId, kept only so that the fault token-deleted-still-authenticates can let them in. */
export const deleted = (ctx: SandboxContext) => areaState(ctx, 'api-tokens-deleted', () => new Map<string, TokenRecord>());

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
  // The alternate takes TRANSACT for a write supplement 20 names no permission for (not config, tokens or customers).
  const either = needed === 'MANAGE' && req.method !== 'GET' && req.method !== 'HEAD' && !/^\/(config|tokens|customers)(\/|$)/.test(path) && ctx.choices.alternate('token-other-writes-transact') && token.permissions.includes('TRANSACT');
  if (enforced && !either && !token.permissions.includes(needed)) {
    // The fault: the refusal names a condition it is not (the customer not ready).
    throw new ApiError(403, ctx.faults.has('token-permission-wrong-code') ? 'USER_NOT_READY' : 'FORBIDDEN', `Token ${token.id} lacks the ${needed} permission ${req.method} ${path} needs`);
  }
  return true;
}
