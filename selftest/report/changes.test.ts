// The change history as a coverage kind (helpers/coverage/changes.ts): an entry is judged when every
// item it names was judged by a scenario that passed in full, judged partly when some were, and not
// judged otherwise; its scenarios are those that recorded its marks and those the index names; and
// SVC_CHANGES selects exactly the indexed scenarios of the named entries, by file and by name.
import { describe, expect, it } from 'vitest';
import { changeCoverage, changeSelection, readChangeIndex, scenarioKey, scenariosByEntry, type RunRecords } from '../../helpers/coverage/changes.js';
import { CHANGE_HISTORY, type ChangeEntry } from '../../helpers/spec/change-history.js';
import { catalogItems } from '../../helpers/spec/catalog.js';
import { declaredRules } from '../../helpers/field-rules/declared.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../run-conformance.js';

const HISTORY: ChangeEntry[] = [
  {
    id: 'terms',
    entry: 'End-user terms: `GET /customers/end-user-terms`, `endUserTermsConsent`.',
    items: [
      { item: '`GET /customers/end-user-terms`', marks: [{ id: 'op:GET /customers/end-user-terms' }] },
      { item: '`endUserTermsConsent`', marks: [{ operation: 'POST /customers', field: 'endUserTermsConsent' }, { title: /terms\.test\.ts > .*consent/ }] },
    ],
  },
  { id: 'eu', entry: 'EU availability to be announced separately.', items: [{ item: 'EU availability', marks: [], unjudgeable: 'an announcement' }] },
];

const FILE = 'suites/customers/terms.test.ts';
const A = 'GET /customers/end-user-terms > answers the current terms';
const B = 'POST /customers > records the consent';

function records(parts: Partial<RunRecords>): RunRecords {
  return { coverage: [], rules: [], skips: [], outcomes: [], ...parts };
}

describe('the coverage of the change history', () => {
  it('is judged when every item was judged by a scenario that passed in full', () => {
    const run = records({
      coverage: [{ kind: 'operations', id: 'op:GET /customers/end-user-terms', test: A, file: `${ROOT}/${FILE}` }],
      rules: [{ operation: 'POST /customers', rule: 'endUserTermsConsent required', test: B, file: `${ROOT}/${FILE}` }],
      outcomes: [{ file: FILE, name: A, state: 'passed' }, { file: FILE, name: B, state: 'passed' }],
    });
    const c = changeCoverage(run, {}, HISTORY);
    expect(c.entries[0]).toMatchObject({ status: 'judged', result: 'passed' });
    expect(c.entries[0].scenarios.map((s) => s.scenario)).toEqual([`${FILE} > ${A}`, `${FILE} > ${B}`]);
    // An item no scenario can judge leaves its entry not judged, saying why.
    expect(c.entries[1]).toMatchObject({ status: 'not judged', result: 'not run', items: [{ judged: false, why: 'an announcement' }] });
    expect(c).toMatchObject({ covered: 1, partly: 0, total: 2 });
  });

  it('is judged partly when an item was judged only by a scenario judged partly, or not at all', () => {
    const run = records({
      coverage: [{ kind: 'operations', id: 'op:GET /customers/end-user-terms', test: A, file: FILE }],
      outcomes: [{ file: FILE, name: A, state: 'passed' }, { file: FILE, name: 'POST /customers > keeps the record', state: 'passed', judgedPartly: 'the target took the alternative' }],
    });
    const c = changeCoverage(run, {}, HISTORY);
    expect(c.entries[0].status).toBe('judged partly');
    expect(c.entries[0].items[1]).toMatchObject({ judged: false, why: 'no scenario of this run recorded it' });
    // The title mark: a scenario whose title states the rule, here judged partly only.
    const titled = changeCoverage(records({ outcomes: [{ file: FILE, name: 'POST /customers > records the consent', state: 'passed', judgedPartly: 'alternative' }] }), {}, HISTORY);
    expect(titled.entries[0].items[1]).toMatchObject({ judged: false, why: 'its scenarios did not pass in full' });
  });

  it('counts an indexed scenario that failed before recording its mark against its entry', () => {
    const run = records({ outcomes: [{ file: FILE, name: A, state: 'failed', message: 'expected 200' }] });
    const c = changeCoverage(run, { terms: [`${FILE} > ${A}`] }, HISTORY);
    expect(c.entries[0]).toMatchObject({ status: 'not judged', result: 'failed', scenarios: [{ scenario: `${FILE} > ${A}`, state: 'failed' }] });
  });

  it('selects exactly the indexed scenarios of the named entries, and names an unknown entry', () => {
    const index = { terms: [`${FILE} > ${A}`, `suites/customers/other.test.ts > x (y) > z?`], eu: [] };
    const args = changeSelection(['terms'], index, HISTORY);
    expect(args.slice(0, 2)).toEqual(['suites/customers/other.test.ts', FILE]);
    expect(args[2]).toBe('-t');
    const pattern = new RegExp(args[3]);
    // vitest matches the names joined by spaces.
    expect(pattern.test(A.split(' > ').join(' '))).toBe(true);
    expect(pattern.test('x (y) z?')).toBe(true);
    expect(pattern.test(`${A.split(' > ').join(' ')} again`)).toBe(false);
    expect(() => changeSelection(['nope'], index, HISTORY)).toThrow(/names no entry of the change history: nope \(the entries: terms, eu\)/);
    expect(() => changeSelection(['eu'], index, HISTORY)).toThrow(/no scenario judges eu/);
  });

  it('keys a scenario by its file relative to the project root, as the verdict names it', () => {
    expect(scenarioKey(`${ROOT}/${FILE}`, A)).toBe(`${FILE} > ${A}`);
    expect(scenarioKey(FILE, A)).toBe(`${FILE} > ${A}`);
    expect(scenariosByEntry(records({ outcomes: [{ file: FILE, name: B, state: 'passed' }] }), HISTORY)).toEqual({ terms: [`${FILE} > ${B}`], eu: [] });
  });
});

describe('the change history of the interface', () => {
  it('holds every entry of interface, Versioning 2, verbatim and in order', () => {
    const text = readFileSync(join(ROOT, '../shared/spec/interface.md'), 'utf8');
    const section = text.slice(text.indexOf('## Versioning'));
    const listed = [...section.matchAll(/^ {3}- (.+)$/gm)].map((m) => m[1].trim());
    expect(CHANGE_HISTORY.map((e) => e.entry)).toEqual(listed);
    expect(new Set(CHANGE_HISTORY.map((e) => e.id)).size).toBe(CHANGE_HISTORY.length);
  });

  it('marks each item with catalog ids and field rules that exist, or says why it has none', () => {
    const known = new Set(catalogItems().map((i) => i.id));
    const rules = declaredRules();
    for (const e of CHANGE_HISTORY) {
      for (const i of e.items) {
        if (!i.marks.length) expect(i.unjudgeable, `${e.id}: ${i.item}`).toBeTruthy();
        for (const m of i.marks) {
          if ('id' in m) expect(known.has(m.id), `${e.id}: ${m.id}`).toBe(true);
          if ('operation' in m) expect((rules[m.operation] ?? []).some((r) => r.startsWith(m.field)), `${e.id}: ${m.operation} ${m.field}`).toBe(true);
        }
      }
    }
  });

  it('has an index naming, for every entry with marks, the scenarios of a full run that judge it', () => {
    const index = readChangeIndex();
    for (const e of CHANGE_HISTORY) {
      if (e.items.some((i) => i.marks.length)) expect(index[e.id]?.length, e.id).toBeGreaterThan(0);
    }
  });
});
