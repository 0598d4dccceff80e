// Known failures (SVC_KNOWN_FAILURES, profile `knownFailures`): failures a target's owners accept for
// a while, each with a reason and an expiry date, so that a nightly run stays green on them and a new
// regression shows. The file is validated when the run starts against known-failures.schema.json.
// A listed failure is reported as known and does not fail the verdict; a listed scenario that now
// passes is reported as fixed, to be removed; an entry past its date fails the run, naming it.
// Certification ignores the list (SVC_CERTIFICATION): there a known failure is still a failure.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const ROOT = resolve(import.meta.dirname, '../..');
export const KNOWN_FAILURES_SCHEMA = resolve(ROOT, 'known-failures.schema.json');
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

export interface KnownFailure {
  /** `<file> > <describe> > <it>`, as the verdict names a scenario. */
  scenario?: string;
  /** Text a failure's message holds: every failure that cites it. */
  rule?: string;
  reason: string;
  /** YYYY-MM-DD, the last day it holds (UTC). */
  expires: string;
}

/** The entries of a known-failures file, or an error naming what makes it invalid. */
export function loadKnownFailures(file: string): KnownFailure[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`SVC_KNOWN_FAILURES ${relative(process.cwd(), file) || file} cannot be read as JSON: ${(err as Error).message}`);
  }
  const ajv = new Ajv2020({ allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(KNOWN_FAILURES_SCHEMA, 'utf8')) as object);
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new Error(`SVC_KNOWN_FAILURES ${relative(process.cwd(), file) || file} is not valid (known-failures.schema.json): ${[...new Set(problems)].join('; ')}`);
  }
  return (value as { failures: KnownFailure[] }).failures;
}

export const entryName = (k: KnownFailure) => (k.scenario ? `scenario ${k.scenario}` : `rule "${k.rule}"`);

interface Failed {
  file: string;
  name: string;
  message: string;
  errorName?: string;
}

export interface KnownOutcome<F extends Failed> {
  /** Failures no live entry accepts: they fail the verdict. */
  failures: F[];
  /** Failures a live entry accepts, with its reason and date. */
  known: (F & { reason: string; expires: string })[];
  /** Entries whose scenario passed in this run, or whose rule no failure cited: remove them from the list. */
  fixed: string[];
  /** Entries past their date: each fails the run. */
  expired: string[];
}

/**
 * Sorts a run's failures by the list: `passed` are the scenarios (`file > name`) that passed; `today` is
 * YYYY-MM-DD (UTC). A rule no failure cited is reported fixed only by a `whole` run (every suite file,
 * no name filter, no shard): a part of the suite may simply not hold the scenarios that cite it.
 */
export function applyKnownFailures<F extends Failed>(failures: F[], passed: ReadonlySet<string>, entries: KnownFailure[], today: string, whole = true): KnownOutcome<F> {
  const live = entries.filter((k) => k.expires >= today);
  const expired = entries.filter((k) => k.expires < today).map((k) => `${entryName(k)} (expired ${k.expires})`);
  const matches = (k: KnownFailure, f: F) => (k.scenario ? k.scenario === `${f.file} > ${f.name}` : f.message.includes(k.rule!));
  const out: KnownOutcome<F> = { failures: [], known: [], fixed: [], expired };
  for (const f of failures) {
    const k = live.find((e) => matches(e, f));
    if (k) out.known.push({ ...f, reason: k.reason, expires: k.expires });
    else out.failures.push(f);
  }
  for (const k of live) {
    if (k.scenario ? passed.has(k.scenario) : whole && !failures.some((f) => matches(k, f))) out.fixed.push(`${entryName(k)}: ${k.scenario ? 'it passed' : 'no failure cited it'}: remove it from the list`);
  }
  return out;
}
