// Supplement sections 11 and 23: agents. Management (Basic): create with a policy, list, get, patch,
// delete, policy, device codes (redeemed once, with no authentication, for a Bearer token),
// approvals, approve and reject. The agent's own operations (`/agents/me/*`, Bearer) are
// ../agent-operations.
import type { FastifyInstance } from 'fastify';
import { INTERFACE_VERSION } from '../constants.js';
import { agentRecordRoutes } from './agents.js';
import { approvalRoutes } from './approvals.js';
import { deviceCodeRoutes } from './device-codes.js';

const PREFIX = `/${INTERFACE_VERSION}/agents`;
/**
 * Routes that authenticate themselves: `/agents/me/*` with the agent's Bearer token, and the device
 * code's redemption with none (supplement 23). The platform's Basic check skips them.
 */
export function agentAuthenticates(routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  return routeUrl === `${PREFIX}/me` || routeUrl.startsWith(`${PREFIX}/me/`) || routeUrl === `${PREFIX}/device-codes/:deviceCode/redeem`;
}

// Static segments (approvals, device-codes, me) win over :agentId in the router, whichever plugin declares them.
export async function agentRoutes(app: FastifyInstance) {
  await app.register(agentRecordRoutes);
  await app.register(deviceCodeRoutes);
  await app.register(approvalRoutes);
}
