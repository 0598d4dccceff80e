// The shape of a coverage report (reports/coverage.json): per kind and per area, covered against the
// catalog's total, and the field rules per operation. The writers (report.ts) and the HTML view
// (html.ts) both read it from here.
import type { Area, CoverageKind } from '../spec/catalog.js';
import type { ChangeCoverage } from './changes.js';

export interface Missing {
  id: string;
  /** `not exercised by any scenario`, or `skipped: <the capability the target lacks>`. */
  reason: string;
}

export interface CellCoverage {
  covered: number;
  total: number;
  coveredIds: string[];
  missing: Missing[];
  /** Documented answers no scenario can cause (a 500, a production token's 403), each with why: listed, not counted. */
  notExercisable: Missing[];
}

export interface KindCoverage extends CellCoverage {
  /** Observed ids the catalog does not name (for example a target's own sandbox triggers). */
  beyondCatalog: string[];
}

export type AreaCoverage = Record<CoverageKind, CellCoverage>;

/** Field rules per operation (helpers/field-rules): the documented request rules declared, and those a scenario broke and saw refused or judged. */
export interface FieldRuleCoverage {
  declared: number;
  exercised: number;
  /** Operations with declared rules, of all the catalog's operations. */
  operationsWithRules: number;
  operationsTotal: number;
  /** Every catalog operation (and any declared beyond it); one without declared rules says why (`reason`). */
  operations: Record<string, { declared: number; exercised: string[]; missing: string[]; reason?: string }>;
}

/** The authentication rules per operation (helpers/spec/security.ts): each credential every operation must refuse. */
export interface AuthenticationCoverage {
  declared: number;
  exercised: number;
  /** Operations with authentication rules (the description gives them a scheme). */
  operations: number;
  missing: { operation: string; rule: string }[];
}

export type Coverage = Record<CoverageKind, KindCoverage> & { areas: Record<Area, AreaCoverage>; fieldRules: FieldRuleCoverage; authentication: AuthenticationCoverage; changes: ChangeCoverage };
