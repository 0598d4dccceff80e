// Rules across the fields of a customer or beneficial owner body, judged against what is on file.
import type { SandboxContext } from '../context.js';
import type { FieldError } from '../http/errors.js';
import { identifierProblem } from './schemas.js';

/**
 * Rules across fields: an SSN identifier is `###-##-####` (idType SSN, sent or on file; supplement
 * section 4, openapi.yaml IndividualCustomerFields.identifier); an individual's EDD category OTHER needs
 * its description, sent or on file (openapi.yaml CustomerEdd: sourceOfFundsOtherDescription "Required
 * when `sourceOfFundsCategories` includes `OTHER`", and so sourceOfWealthOtherDescription and
 * purposeOfAccountOtherDescription).
 */
export function crossFieldErrors(ctx: SandboxContext, body: Record<string, unknown>, onFile: Record<string, unknown> = {}, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  const idType = body.idType ?? onFile.idType;
  // The alternate holds an ITIN identifier to the IRS's form, 9##-##-####, as an SSN is held to ###-##-####.
  const badIdentifier = identifierProblem(idType, body.identifier, ctx.choices.alternate('itin-format'));
  if (badIdentifier && !ctx.faults.has('ssn-identifier-format-unchecked')) errors.push({ field: `${prefix}identifier`, ...badIdentifier });
  const needsDescription = (category: string, description: string, fault: 'funds-other-description-optional' | 'edd-other-description-optional') => {
    const value = body[category] ?? onFile[category];
    const other = Array.isArray(value) ? value.includes('OTHER') : value === 'OTHER';
    const given = body[description] ?? onFile[description];
    if (other && (given === undefined || given === '') && !ctx.faults.has(fault)) {
      errors.push({ field: `${prefix}${description}`, message: `${category} OTHER needs ${description}` });
    }
  };
  needsDescription('sourceOfFundsCategories', 'sourceOfFundsOtherDescription', 'funds-other-description-optional');
  needsDescription('sourceOfWealthCategories', 'sourceOfWealthOtherDescription', 'edd-other-description-optional');
  needsDescription('purposeOfAccount', 'purposeOfAccountOtherDescription', 'edd-other-description-optional');
  return errors;
}
