// Supplement 17, the sandbox's OAuth: the OIDC tokens an OAUTH credential is registered and verified with.
import { createHash } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import { invalidInput } from '../http/errors.js';

/** OIDC issuers this sandbox accepts (supplement 17: "supported iss"; which ones is this sandbox's choice). */
export const OIDC_ISSUERS = ['https://accounts.google.com', 'https://appleid.apple.com'];

/**
 * Supplement 17, sandbox OAuth: JWT-shaped, supported iss, non-empty aud/sub, numeric iat/exp, iat < 60 s,
 * dummy signature ok; verify also needs nonce = sha256(clientPublicKey) (hex of the key string's UTF-8 bytes here).
 */
export function oidcClaims(ctx: SandboxContext, token: string, clientPublicKey?: string): { iss: string; sub: string; email?: string } {
  const bad = (why: string) => invalidInput([{ field: 'oidcToken', message: why }]);
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.slice(0, 2).every((p) => /^[A-Za-z0-9_-]+$/.test(p))) throw bad('not a JWT (three base64url parts)');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw bad('the claims are not base64url JSON');
  }
  if (typeof claims.iss !== 'string' || !OIDC_ISSUERS.includes(claims.iss)) throw bad(`iss must be one of ${OIDC_ISSUERS.join(', ')}`);
  const nonEmpty = (v: unknown) => (typeof v === 'string' && v !== '') || (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x !== ''));
  if (!nonEmpty(claims.aud) || typeof claims.sub !== 'string' || claims.sub === '') throw bad('aud and sub must be non-empty');
  if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') throw bad('iat and exp must be numbers');
  const nowS = ctx.clock.now() / 1000;
  if ((nowS - claims.iat >= 60 || claims.iat > nowS + 5) && !ctx.faults.has('wallet-oauth-stale-token-accepted')) throw bad('iat must be less than 60 seconds ago');
  if (claims.exp <= nowS) throw bad('the token expired');
  if (clientPublicKey !== undefined && !ctx.faults.has('wallet-oauth-nonce-unchecked')) {
    const nonce = createHash('sha256').update(clientPublicKey).digest('hex');
    if (typeof claims.nonce !== 'string' || claims.nonce.toLowerCase() !== nonce) throw bad('nonce must be sha256(clientPublicKey)');
  }
  return { iss: claims.iss, sub: claims.sub, ...(typeof claims.email === 'string' ? { email: claims.email } : {}) };
}
