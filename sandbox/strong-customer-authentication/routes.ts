// Interface: Contact Verification and Strong Customer Authentication areas: only for customers whose
// provider mandates them (in this sandbox: customers whose region is an EU member state);
// "elsewhere these endpoints answer 409". Supplement section 10 for paths and the sandbox code 123456.
// The plugin of contact verification (./contact-verification.ts) and the SCA login (./login.ts); the
// factors are ./factors.ts, the quote authorization's resend ./quote-authorization.ts.
import type { FastifyInstance } from 'fastify';
import { contactVerificationRoutes } from './contact-verification.js';
import { scaLoginRoutes } from './login.js';

export async function contactAndScaRoutes(app: FastifyInstance) {
  contactVerificationRoutes(app);
  scaLoginRoutes(app);
}
