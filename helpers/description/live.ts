// The description judge inside a run: with a description configured (SVC_OPENAPI, profile
// `openapi`), every exchange of the API client is judged as it happens, on the values as they went
// on the wire, and its judgement appended to this worker's file in the run's folder; the global
// setup tallies the files at the end (./tally.ts) and the verdict counts the target's mismatches as
// findings. A judgement's messages quote values, so they pass the run's redaction layer first: a
// secret the client sent or was issued is written as `[redacted]`, never in clear.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { WireExchange } from '../exchange.js';
import { redactor } from '../redact.js';
import { brokenOnPurpose } from './intent.js';
import { judgeExchange, type ExchangeToJudge, type JudgedExchange } from './tally.js';
import { DescriptionValidator, type Mismatch } from './validator.js';

/** Where a run's judge reads its description and writes its judgements (ProvidedTarget.description). */
export interface LiveDescription {
  /** The description file. */
  file: string;
  /** The folder of the workers' judgement files. */
  dir: string;
}

/** A worker's file of judgements: one JSON line per exchange. */
export const judgementFile = (dir: string) => join(dir, `${process.pid}-${threadId}.ndjson`);

const validators = new Map<string, DescriptionValidator>();

/** The running scenario's name, where vitest runs one. */
export type ScenarioName = () => string | undefined;

/** A judge writing to `live.dir`; `scenario` names the running scenario for the report. */
export function liveJudge(live: LiveDescription, scenario: ScenarioName = () => undefined): (wire: WireExchange) => void {
  let validator = validators.get(live.file);
  if (!validator) {
    validator = DescriptionValidator.load(live.file);
    validators.set(live.file, validator);
  }
  const v = validator;
  mkdirSync(live.dir, { recursive: true });
  const file = judgementFile(live.dir);
  return (wire) => {
    const breaks = brokenOnPurpose();
    const x = { ...toJudge(wire), ...(breaks ? { breaks } : {}) };
    let judged: JudgedExchange;
    try {
      judged = judgeExchange(v, x);
    } catch (err) {
      // A judge that cannot judge says so as a mismatch of the exchange, never as a failed scenario.
      judged = { operation: `${x.method.toUpperCase()} ${x.template}`, status: x.status, response: [{ operation: `${x.method.toUpperCase()} ${x.template}`, status: x.status, in: 'response', path: '', kind: 'other', message: `the description could not judge this exchange: ${(err as Error).message}` }] };
    }
    const name = scenario();
    const clean = (list: Mismatch[] | undefined) => list?.map((m) => ({ ...m, message: redactor.text(m.message) }));
    const line: JudgedExchange = {
      ...judged,
      url: redactor.text(x.url),
      ...(name ? { scenario: name } : {}),
      response: clean(judged.response)!,
      ...(judged.request ? { request: clean(judged.request) } : {}),
      ...(judged.refused ? { refused: clean(judged.refused) } : {}),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
}

const header = (headers: Record<string, unknown>, name: string): string | undefined => {
  const v = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v);
};

/** The exchange as the judge reads it: the query as its parameters, the body as it was serialised (a form as its fields, a file part as a binary marker). */
export function toJudge(wire: WireExchange): ExchangeToJudge {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(wire.query.keys())) {
    const all = wire.query.getAll(key);
    query[key] = all.length === 1 ? all[0] : all;
  }
  let requestBody: unknown;
  if (wire.form) {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of wire.form.entries()) fields[name] = typeof value === 'string' ? value : `(binary ${value.name || 'blob'}, ${value.size} bytes)`;
    requestBody = fields;
  } else if (wire.rawBody !== undefined) {
    try {
      requestBody = JSON.parse(wire.rawBody);
    } catch {
      requestBody = wire.rawBody;
    }
  } else if (wire.body !== undefined) {
    // As it went on the wire: what JSON.stringify sent (undefined members dropped).
    requestBody = JSON.parse(JSON.stringify(wire.body));
  }
  return {
    method: wire.method,
    url: wire.url,
    template: wire.template,
    query,
    requestContentType: header(wire.requestHeaders, 'content-type'),
    requestBody,
    status: wire.status,
    responseContentType: header(wire.responseHeaders, 'content-type'),
    responseBody: wire.responseBody === '' ? undefined : wire.responseBody,
  };
}
