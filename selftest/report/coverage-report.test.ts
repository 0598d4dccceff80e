// Coverage by area from recorded ids: every catalog id is counted in exactly one area, the areas add
// up to the overall kinds, a missing id carries its reason (not exercised, or the capability a
// skipped scenario lacked), observed templates count whatever their parameter names, and the files
// keep the overall kinds at the top level of coverage.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coverageHtml, shade } from '../../helpers/coverage/html.js';
import { computeCoverage, coverageJson, coverageMarkdown, requestFigures } from '../../helpers/coverage/report.js';
import { AREAS, catalogIds, COVERAGE_KINDS } from '../../helpers/spec/catalog.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-coverage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function raw(records: object[], skips: object[] = []): string {
  const d = join(dir, `${Math.random()}`.slice(2), '.raw');
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, 'coverage-1.ndjson'), records.map((r) => JSON.stringify(r)).join('\n'));
  writeFileSync(join(d, 'skips-1.ndjson'), skips.map((r) => JSON.stringify(r)).join('\n'));
  return d;
}

describe('coverage by area', () => {
  const d = raw(
    [
      { kind: 'operations', id: 'op:PATCH /cards/{id}', test: 'a' },
      { kind: 'operations', id: 'op:POST /sandbox/internal-accounts/{accountId}/freeze', test: 'a' },
      { kind: 'errors', id: 'error:409:CARD_ALREADY_CLOSED', test: 'a' },
      { kind: 'errors', id: 'error:409:CARD_ALREADY_CLOSED', test: 'b' },
      { kind: 'events', id: 'event:CARD.STATE_CHANGE', test: 'a' },
      { kind: 'transitions', id: 'transition:card:ACTIVE->FROZEN', test: 'a' },
      { kind: 'events', id: 'event:TEST', test: 'c' },
      { kind: 'responses', id: 'response:PATCH /cards/{id} 200', test: 'a' },
      { kind: 'responses', id: 'response:POST /quotes 409', test: 'b' },
      { kind: 'responses', id: 'response:POST /sandbox/internal-accounts/{accountId}/freeze 200', test: 'b' },
    ],
    [{ test: 's', reason: 'the target has no sandbox triggers', ids: ['event:INVITATION.CLAIMED'] }],
  );
  const c = computeCoverage([d]);

  it('counts each catalog id in one area, and the areas add up to the overall kinds', () => {
    for (const kind of COVERAGE_KINDS) {
      expect(c[kind].total).toBe(catalogIds()[kind].length);
      expect(AREAS.reduce((n, a) => n + c.areas[a][kind].total, 0), kind).toBe(c[kind].total);
      expect(AREAS.reduce((n, a) => n + c.areas[a][kind].covered, 0), kind).toBe(c[kind].covered);
    }
    expect(c.areas.Cards.operations.coveredIds).toEqual(['op:PATCH /cards/{cardId}']);
    expect(c.areas.Cards.errors.coveredIds).toEqual(['error:409:CARD_ALREADY_CLOSED']);
    expect(c.areas.Cards.events.covered).toBe(1);
    expect(c.areas.Cards.transitions.covered).toBe(1);
    expect(c.areas.Webhooks.events).toMatchObject({ covered: 1, total: 1, missing: [] });
    expect(c.operations.covered).toBe(1);
  });

  it('says why an id is missing: not exercised, or the capability a skipped scenario lacked', () => {
    expect(c.areas.Invitations.events.missing).toEqual([{ id: 'event:INVITATION.CLAIMED', reason: 'skipped: the target has no sandbox triggers' }]);
    expect(c.areas.Cards.events.missing).toContainEqual({ id: 'event:CARD.FUNDING_SOURCE_CHANGE', reason: 'not exercised by any scenario' });
    expect(c.operations.beyondCatalog).toEqual(['op:POST /sandbox/internal-accounts/{accountId}/freeze']);
  });

  it('takes the responses from the description: each documented status of an operation, by the catalog\'s template; one no request can cause is listed with its reason, not counted', () => {
    // PATCH /cards/{id} of the description is the catalog's PATCH /cards/{cardId}.
    expect(c.areas.Cards.responses.coveredIds).toEqual(['response:PATCH /cards/{cardId} 200']);
    expect(c.responses.missing.map((m) => m.id)).toContain('response:PATCH /cards/{cardId} 404');
    expect(c.responses.missing.map((m) => m.id)).toContain('response:POST /quotes 401');
    const unexercisable = c.responses.notExercisable.map((m) => m.id);
    expect(unexercisable).toContain('response:POST /quotes 500');
    expect(unexercisable).toContain('response:POST /sandbox/send 403');
    expect(unexercisable).not.toContain('response:PATCH /config 501');
    expect(catalogIds().responses).not.toContain('response:POST /quotes 500');
    expect(c.responses.notExercisable.find((m) => m.id === 'response:POST /sandbox/send 403')?.reason).toMatch(/production platform token/);
    // A status the description does not document for the operation is observed beyond it; a target's own trigger is told apart.
    expect(c.responses.beyondCatalog).toEqual(['response:POST /quotes 409', 'response:POST /sandbox/internal-accounts/{accountId}/freeze 200']);
    const md = coverageMarkdown(c);
    expect(md).toContain('responses observed beyond the catalog (statuses the description does not document');
    expect(md).toContain('`response:POST /quotes 409`');
    expect(md).toContain('## Documented but not exercisable');
  });

  it('keeps the overall kinds at the top level of coverage.json and adds the areas', () => {
    const json = coverageJson(c) as Record<string, { covered: number; total: number }> & { areas: Record<string, unknown> };
    for (const kind of COVERAGE_KINDS) expect(json[kind]).toMatchObject({ covered: c[kind].covered, total: c[kind].total });
    expect(Object.keys(json.areas)).toEqual([...AREAS]);
    const md = coverageMarkdown(c);
    const cards = c.areas.Cards;
    expect(md).toContain(`| Cards | 1/5 | 1/${cards.responses.total} | 1/5 | 1/7 | 1/19 |`);
    expect(md).toContain("The target's own triggers, not interface operations (not counted): `op:POST /sandbox/internal-accounts/{accountId}/freeze`");
  });

  it('lists every catalog operation under field rules: one without declared rules says why, and the count of operations with rules is theirs alone', () => {
    const fr = c.fieldRules;
    const ops = catalogIds().operations.map((id) => id.replace(/^op:/, ''));
    for (const op of ops) expect(fr.operations[op], `${op} is listed`).toBeDefined();
    const withRules = Object.values(fr.operations).filter((o) => o.declared > 0);
    expect(fr.operationsWithRules).toBe(withRules.length);
    expect(fr.operationsTotal).toBe(ops.length);
    expect(fr.declared).toBe(withRules.reduce((n, o) => n + o.declared, 0));
    expect(fr.operations['GET /config']).toEqual({ declared: 0, exercised: [], missing: [], reason: 'no request body or query documented' });
    expect(fr.operations['PATCH /config'].reason).toBeUndefined();
    for (const [op, o] of Object.entries(fr.operations)) if (!o.declared) expect(o.reason, `${op} says why it declares no rule`).not.toMatch(/no reason given/);
    const md = coverageMarkdown(c);
    expect(md).toContain('| GET /config | 0 | 0 | no request body or query documented |');
    expect(md).toContain(`## Field rules: 0/${fr.declared} exercised, in ${withRules.length} of ${ops.length} operations`);
    expect(md).not.toContain('### GET /config');
    expect((coverageJson(c) as { fieldRules: typeof fr }).fieldRules.operations['GET /config'].reason).toBe('no request body or query documented');
  });

  it('draws every area and kind in coverage.html, shaded by share, with each id marked covered or missing', () => {
    const html = coverageHtml(c);
    expect(html).not.toMatch(/<script|<link|src=|url\(/);
    for (const area of AREAS) expect(html).toContain(`data-area="${area.replace('&', '&amp;')}" data-kind="operations"`);
    expect(html).toContain('<li class="covered" data-id="op:PATCH /cards/{cardId}"');
    expect(html).toContain('<li class="missing" data-id="op:POST /cards/{cardId}/reveal"');
    expect(html).toContain('<li class="missing skipped" data-id="event:INVITATION.CLAIMED"');
    expect(html.match(/<td class="cell[^"]*" data-area=/g)).toHaveLength(AREAS.length * COVERAGE_KINDS.length);
    expect(shade(0, 4)).not.toBe(shade(4, 4));
    expect(shade(1, 4)).not.toBe(shade(3, 4));
    expect(readFileSync(new URL('../../helpers/coverage/html.ts', import.meta.url), 'utf8')).not.toMatch(/https?:\/\//);
  });
});

describe("the run's request figures", () => {
  it('counts the requests of every worker, with their median and p99 answer times and the rate over their span', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-requests-'));
    // 200 requests over 10 s from two workers: 1..200 ms.
    const lines = (from: number) => Array.from({ length: 100 }, (_, i) => JSON.stringify({ ms: from + i, at: 1_000_000 + Math.round(((from + i - 1) * 10_000) / 199) })).join('\n');
    writeFileSync(join(dir, 'requests-1.ndjson'), `${lines(1)}\n`);
    writeFileSync(join(dir, 'requests-2.ndjson'), `${lines(101)}\n`);
    expect(requestFigures([dir])).toBe('Requests: 200 to the target, answered in 100.0 ms (median), 198.0 ms (p99); 20 requests/s over 10.0 s\n');
    expect(requestFigures([join(dir, 'none')]), 'no requests, no line').toBe('');
    rmSync(dir, { recursive: true, force: true });
  });
});
