// Supplement section 23: the agent's own view of itself, its policy and usage.
import type { FastifyInstance } from 'fastify';
import { operationTools } from './caller.js';

export async function agentSelfRoutes(app: FastifyInstance) {
  const { presentAgent, caller } = operationTools(app);

  app.get('/agents/me', async (req) => presentAgent(caller(req)));
}
