// Which customers' providers require contact verification, SCA and beneficiary trust (sandbox/README.md,
// Customers and Beneficiary trust): this sandbox's answer is a customer whose region is an EU member
// state; its alternates add the rest of the EEA. Supplement 10 and 12: which providers do is not stated.
import type { SandboxContext } from '../context.js';

/** What these rules read of a customer record. */
type Regioned = { fields: Record<string, unknown> };

const EU = new Set(['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE']);
const EEA_BEYOND_EU = new Set(['IS', 'LI', 'NO']);

/**
 * Whether the customer's provider requires contact verification and SCA: a customer whose region is an
 * EU member state; the alternate `sca-regions-eea` adds the rest of the EEA (IS, LI, NO). Supplement 10:
 * which providers require them is not stated.
 */
export const requiresContactVerification = (ctx: SandboxContext, c: Regioned) => contactVerificationRegion(ctx, c.fields.region);
/** Whether contact verification and SCA apply to a customer of `region` (the mandatory contact fields too). */
export const contactVerificationRegion = (ctx: SandboxContext, region: unknown) =>
  EU.has(String(region ?? '')) || (EEA_BEYOND_EU.has(String(region ?? '')) && ctx.choices.alternate('sca-regions-eea'));
export const requiresSca = requiresContactVerification;
/** Whether beneficiary trust applies (supplement 12: "409 for a customer outside SCA regions", which are not stated): the EU; with the alternate `trust-regions-eea`, the EEA. */
export const trustApplies = (ctx: SandboxContext, c: Regioned) => {
  const region = String(c.fields.region ?? '');
  return EU.has(region) || (EEA_BEYOND_EU.has(region) && ctx.choices.alternate('trust-regions-eea'));
};
