// The catalog (helpers/spec/catalog.ts, the denominator of coverage) and the service's description
// (../shared/spec/openapi.yaml) name the same interface: the same operations, under each HTTP status
// the same error codes (the description's `Error<status>` schemas enumerate `code`), and every
// described webhook event type. Where they part, one of them is wrong, or the catalog files what a
// stated exception allows: the sandbox-only operations the supplement names (listed below with the
// section that names each) and the interface's own override of the test webhook's path.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { DEFAULT_DESCRIPTION, loadDescription, type OpenApiDocument } from '../../helpers/description/document.js';
import { catalogIds, codesForStatus, ERRORS, EVENTS, ids, OPERATIONS } from '../../helpers/spec/catalog.js';

const { doc } = loadDescription();
/** The operations as the description itself lists them, before the interface's overrides add a path. */
const written = parse(readFileSync(DEFAULT_DESCRIPTION, 'utf8'), { maxAliasCount: -1 }) as OpenApiDocument;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Parameter names do not matter: `/cards/{id}` and `/cards/{cardId}` are one operation. */
const shape = (op: string) => op.replace(/\{[^}]*\}/g, '{}');

/**
 * Operations the catalog files that the description does not describe: the sandbox-only endpoints
 * the supplement names (none today: the description describes each of them, the ten card simulate
 * endpoints, fund, send and uma/receive included), and the path interface.md puts in place of the
 * described POST /sandbox/webhooks/test.
 */
const SANDBOX_ONLY: Record<string, string> = {};
const NOT_DESCRIBED: Record<string, string> = {
  ...SANDBOX_ONLY,
  'POST /webhooks/test': 'interface: Endpoints / Other operations that are named (the interface overrides the described POST /sandbox/webhooks/test)',
};

const described: string[] = Object.entries(written.paths ?? {}).flatMap(([path, item]) =>
  Object.keys(item as object)
    .filter((m) => METHODS.includes(m))
    .map((m) => `${m.toUpperCase()} ${path}`),
);
const catalogued = OPERATIONS.map((o) => `${o.method} ${o.path}`);

/** The described `code` enum per status (openapi.yaml, Error<status>). */
const describedCodes: Record<number, string[]> = Object.fromEntries(
  Object.entries((doc.components?.schemas ?? {}) as Record<string, any>)
    .filter(([name]) => /^Error\d{3}$/.test(name))
    .map(([name, schema]) => [Number(name.slice(5)), (schema.properties?.code?.enum ?? []) as string[]]),
);

/**
 * Codes the description names in an operation's response while its Error<status> enum omits them:
 * the catalog files them under the status the operation's response gives (the prose is the
 * description's word on the answer; the enum is incomplete). Each with the operation and status
 * whose description names it.
 */
const NAMED_OUTSIDE_ENUM: Record<string, { method: string; path: string; status: string }> = {
  '400 FUNDING_SOURCE_INELIGIBLE': { method: 'post', path: '/cards', status: '400' },
};

describe('the catalog and the description agree', () => {
  it('every described operation is in the catalog', () => {
    const known = new Set(catalogued.map(shape));
    expect(described.filter((op) => !known.has(shape(op)))).toEqual([]);
  });

  it('every catalog operation is described, but for the listed exceptions', () => {
    const known = new Set(described.map(shape));
    expect(catalogued.filter((op) => !known.has(shape(op)) && !(op in NOT_DESCRIBED))).toEqual([]);
  });

  it('lists as exceptions only operations the catalog files and the description lacks', () => {
    const known = new Set(described.map(shape));
    for (const op of Object.keys(NOT_DESCRIBED)) {
      expect(catalogued, op).toContain(op);
      expect(known.has(shape(op)), op).toBe(false);
    }
  });

  it('every code the catalog files under a status is in the described enum for that status', () => {
    const outside = ERRORS.filter((e) => !(describedCodes[e.status] ?? []).includes(e.code)).map((e) => `${e.status} ${e.code}`);
    expect(outside.filter((c) => !(c in NAMED_OUTSIDE_ENUM))).toEqual([]);
  });

  it("lists as outside the enum only codes the enum omits and the operation's response names", () => {
    for (const [filed, { method, path, status }] of Object.entries(NAMED_OUTSIDE_ENUM)) {
      const [code, ...rest] = filed.split(' ').reverse();
      expect(describedCodes[Number(rest[0])] ?? [], filed).not.toContain(code);
      expect(ERRORS.some((e) => `${e.status} ${e.code}` === filed), `${filed} is in the catalog`).toBe(true);
      const response = (doc.paths as any)?.[path]?.[method]?.responses?.[status];
      expect(String(response?.description ?? ''), `${method.toUpperCase()} ${path} ${status} names ${code}`).toContain(code);
    }
  });

  it('every described code is in the catalog under its status', () => {
    const filed = new Set(ERRORS.map((e) => `${e.status} ${e.code}`));
    const missing = Object.entries(describedCodes).flatMap(([status, codes]) => codes.map((c) => `${status} ${c}`).filter((c) => !filed.has(c)));
    expect(missing).toEqual([]);
  });

  it('files a code no request can cause as an answer it knows, not as a coverage id, and says why', () => {
    const unexercisable = ERRORS.filter((e) => e.notExercisable);
    expect(unexercisable.map((e) => `${e.status} ${e.code}`)).toEqual(['501 UNRECOGNIZED_MANDATORY_PAYEE_DATA_KEY']);
    for (const e of unexercisable) {
      expect(codesForStatus(e.status), e.code).toContain(e.code);
      expect(catalogIds().errors, e.code).not.toContain(ids.error(e.status, e.code));
    }
  });

  it("every described webhook event type is in the catalog's events", () => {
    const types = ((doc.components?.schemas as Record<string, any>)?.WebhookType?.enum ?? []) as string[];
    expect(types.length).toBeGreaterThan(0);
    const known = new Set(EVENTS.map((e) => e.type));
    expect(types.filter((t) => !known.has(t))).toEqual([]);
  });
});
