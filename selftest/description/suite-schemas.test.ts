// The suite's schemas are the description's, no looser and no stricter, so that a target with a
// shape defect fails and one with a described shape passes. Each
// row of ./suite-schemas/table.ts is held to its schema of the description on the instances of
// ./suite-schemas/variants.ts: what the description accepts the suite schema accepts, what the
// description refuses the suite schema refuses (a member taken out, a value of another type, outside
// its enum, its pattern or its format), the interface's own narrowings aside (NARROWINGS). Every
// example the description gives for a response or a webhook is read by some row, and parses.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { describedExamples, follow } from '../../helpers/description/document.js';
import { DescriptionValidator } from '../../helpers/description/validator.js';
import { disagreements, refusedExamples } from './suite-schemas/agreement.js';
import { ROWS, webhookRows } from './suite-schemas/table.js';
import { describedWebhookTypes } from './suite-schemas/webhook-types.js';

const validator = DescriptionValidator.load();
const rows = [...ROWS, ...webhookRows(describedWebhookTypes(validator.doc))];
const pointerOf = (described: string) => (described.startsWith('/') ? described : `/components/schemas/${described}`);
const summary = (list: { kind?: string; instance?: string; name?: string; detail: string }[]) =>
  list.map((d) => `${d.kind ?? 'example'} | ${d.instance ?? d.name} | ${d.detail}`);

describe('the suite schemas against the description', () => {
  it.each(rows.map((r) => [`${r.suite} ~ ${r.described}`, r] as const))('%s: agree both ways, and read its examples', (_name, r) => {
    const pointer = pointerOf(r.described);
    expect(validator.doc.components?.schemas?.[pointer.split('/').pop()!] ?? null, `${r.described} is a schema of the description`).not.toBeNull();
    const found = disagreements(validator, r.schema, pointer);
    expect(summary(found.filter((d) => d.kind !== 'unsatisfiable'))).toEqual([]);
    // A branch of the description that no instance can meet is its own contradiction: declared by the row, with why.
    expect(found.filter((d) => d.kind === 'unsatisfiable').length, `${r.unsatisfiable?.why ?? 'no branch is declared unsatisfiable'}: ${summary(found.filter((d) => d.kind === 'unsatisfiable')).join('\n')}`).toBe(r.unsatisfiable?.count ?? 0);
    expect(summary(refusedExamples(validator, r.schema, pointer))).toEqual([]);
  });

  it('every example of the description is one some row reads', () => {
    const read = new Set(rows.map((r) => pointerOf(r.described)));
    const unread = describedExamples(validator.doc)
      .filter((e) => !read.has(follow(validator.doc, { $ref: `#${e.schemaPointer}` }, '').pointer))
      .map((e) => e.name);
    expect(unread).toEqual([]);
    expect(describedExamples(validator.doc).length).toBeGreaterThanOrEqual(50);
  });
});

describe('the agreement check can fail', () => {
  const quote = '/components/schemas/Quote';
  it('finds a schema that takes anything looser', () => {
    const found = disagreements(validator, z.looseObject({}), quote);
    expect(found.some((d) => d.kind === 'looser' && d.instance.includes('taken out: /status'))).toBe(true);
    expect(found.some((d) => d.kind === 'looser' && d.instance.includes('/status an unlisted string'))).toBe(true);
  });

  it('finds a schema that demands a member the description leaves optional stricter', () => {
    const found = disagreements(validator, z.looseObject({ notDescribed: z.string() }), quote);
    expect(found.some((d) => d.kind === 'stricter' && d.instance.startsWith('smallest'))).toBe(true);
  });

  it('lets the interface narrow identifiers beyond the description, and nothing else', () => {
    const id = z.looseObject({ id: z.string().regex(/^Quote:[0-9a-f-]{36}$/, 'an identifier of the form Quote:<uuid>') });
    expect(disagreements(validator, id, quote).filter((d) => d.kind === 'stricter')).toEqual([]);
    const other = z.looseObject({ id: z.string().regex(/^Q/, 'starts with Q') });
    expect(disagreements(validator, other, quote).some((d) => d.kind === 'stricter')).toBe(true);
  });
});
