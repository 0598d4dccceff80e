// Supplement section 23: device codes. A code is made with the agent and on request, voids the older
// ones, and is redeemed once, with no authentication, for the agent's Bearer token.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound, unauthorized } from '../http/errors.js';
import { agentTools } from './state.js';

export async function deviceCodeRoutes(app: FastifyInstance) {
  const { ctx, f, s, now, getAgent, presentCode, newCode } = agentTools(app);

  app.post('/agents/:agentId/device-codes', async (req, reply) => {
    const agent = getAgent((req.params as { agentId: string }).agentId);
    if (agent.isConnected && !f.has('agent-connected-new-code')) throw conflict('CONFLICT', `Agent ${agent.id} is connected; it needs no new device code`);
    return reply.status(201).send(presentCode(newCode(agent)));
  });

  const getCode = (code: string) => {
    const c = s.codes.get(code);
    if (!c || !s.agents.has(c.agentId)) throw notFound('REFERENCE_NOT_FOUND', `Device code ${code} not found`);
    // The alternate forgets a voided code: it is no longer found.
    if (c.voided && ctx.choices.alternate('voided-device-code-gone')) throw notFound('REFERENCE_NOT_FOUND', `Device code ${code} not found`);
    return c;
  };
  app.get('/agents/device-codes/:deviceCode/status', async (req) => {
    const c = getCode((req.params as { deviceCode: string }).deviceCode);
    return { code: c.code, redeemed: c.redeemed, agentId: c.agentId, expiresAt: new Date(c.expiresAt).toISOString() };
  });

  // No authentication: the code is the credential (supplement 23).
  app.post('/agents/device-codes/:deviceCode/redeem', async (req) => {
    if (f.has('agent-redeem-needs-auth') && !/^Basic /.test(req.headers.authorization ?? '')) throw unauthorized();
    const c = getCode((req.params as { deviceCode: string }).deviceCode);
    if (c.redeemed && !f.has('agent-code-redeems-twice')) throw badRequest('INVALID_INPUT', `Device code ${c.code} was already redeemed`, { reason: 'REDEEMED' });
    if (c.voided) throw badRequest('INVALID_INPUT', `Device code ${c.code} was replaced by a newer code`, { reason: 'VOIDED' });
    if (ctx.clock.now() >= c.expiresAt && !f.has('agent-expired-code-redeems')) throw badRequest('INVALID_INPUT', `Device code ${c.code} expired`, { reason: 'EXPIRED' });
    const agent = getAgent(c.agentId);
    c.redeemed = true;
    agent.isConnected = true;
    agent.updatedAt = now();
    const accessToken = `svc_agent_${randomBytes(24).toString('base64url')}`;
    s.tokens.set(accessToken, agent);
    s.tokensOf.add(agent.id, accessToken);
    return { agentId: agent.id, agentName: agent.name, accessToken, policy: agent.policy };
  });
}
