// Valid generated requests of an operation that has no read-back (a login, an enrollment start, a
// recorded event): each is accepted with the documented success status and schema, and the answer
// echoes the fields the documents say it carries (the factor, the event type). Seeded as in check.ts,
// so SVC_SEED replays the same requests.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { ApiResponse } from '../client.js';
import { expectStatus } from '../expect.js';
import { judged, validRequests } from './check.js';
import { getPath, type RequestSpec, type Variant } from './rules.js';

type Body = Record<string, unknown>;

export interface AnsweredOptions<S extends z.ZodType> {
  spec: RequestSpec;
  variants?: (v: Variant) => boolean;
  complete?: (body: Body, variant: Variant) => Body | Promise<Body>;
  send: (body: Body, variant: Variant) => Promise<ApiResponse>;
  answered: { status: number; schema?: S };
  /** Paths of the request the answer carries again, at the same path. */
  echoed?: string[];
  then?: (sent: Body, answer: z.infer<S>, variant: Variant) => Promise<void>;
}

export async function checkValidAnswered<S extends z.ZodType>(o: AnsweredOptions<S>): Promise<void> {
  const variants = o.spec.variants.filter((v) => !o.variants || o.variants(v));
  expect(variants.length, `${o.spec.operation}: the spec declares variants`).toBeGreaterThan(0);
  for (const variant of variants) {
    const why = `${o.spec.operation} (${variant.name}): a request within every documented rule is accepted`;
    const { arbitrary, parameters } = validRequests(variant, `${o.spec.operation} ${variant.name} answered`);
    await judged(
      fc.assert(
        fc.asyncProperty(arbitrary, async (valid) => {
          const sent = o.complete ? await o.complete(valid, variant) : valid;
          const answer = expectStatus(await o.send(sent, variant), o.answered.status, o.answered.schema, why) as Body;
          for (const path of o.echoed ?? []) {
            if (getPath(sent, path) === undefined) continue;
            expect(getPath(answer, path), `${why}: the answer carries ${path} as sent (${JSON.stringify(getPath(sent, path))})`).toEqual(getPath(sent, path));
          }
          await o.then?.(sent, answer as z.infer<S>, variant);
        }),
        parameters,
      ),
    );
  }
}
