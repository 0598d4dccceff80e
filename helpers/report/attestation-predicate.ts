// What a signed certification says about its run (the predicate of ./attestation.ts's statement):
// the target, the suite, the documents it judged against, the generated data, the settings and
// capabilities declared, each area's verdict, the coverage and the suite's own mutation score. What
// no report of the run records is marked absent, with why, never filled in. The whole predicate goes
// through the redaction layer, as certification.json does: secrets are named, never given.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { DEFAULT_DESCRIPTION } from '../description/document.js';
import type { Redactor } from '../redact.js';
import { SETTINGS, type Setting, type SettingName } from '../target/registry.js';
import { capabilitiesOf, declaredSettings, readSources, resolveValues } from '../target/settings.js';
import type { Verdict } from '../verdict/verdict.js';
import { PREDICATE_TYPE, sha256Hex, STATEMENT_TYPE, subjectsOf, type Statement } from './attestation.js';
import type { AreaVerdict, Certification, CertificationPredicate, DigestedFile } from './certification-model.js';
export type { Absent, AreaVerdict, CertificationPredicate, DigestedFile } from './certification-model.js';
import { publicTargetUrl } from './public-target.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** The interface document, beside the project (DESIGN.md: the project ships no copy of it). */
export const INTERFACE_DOCUMENT = resolve(ROOT, '../shared/spec/interface.md');
/**
 * The suite's own mutation score: `npm test` writes it here whatever SVC_REPORTS_DIR says
 * (selftest/mutation/run.ts). It names no commit: it is this version's if that run ran on this checkout.
 */
export const MUTATION_REPORT = resolve(ROOT, 'reports/mutation.json');

export interface PredicateInput {
  reportsDir: string;
  certification: Certification;
  verdict: Verdict | undefined;
  /** The environment the run was started with (its target, profile and declarations). */
  env: NodeJS.ProcessEnv;
  /** The redaction layer certification.json went through (./certify.ts certificationScrubber). */
  scrub: Redactor;
  /** The mutation report to read the suite's score from; MUTATION_REPORT by default. */
  mutationReport?: string;
}

function digested(path: string): DigestedFile {
  const file = relative(ROOT, path) || path;
  return existsSync(path) ? { file, sha256: sha256Hex(readFileSync(path)) } : { file, absent: 'no such file where the run read it' };
}

export function areaVerdict(a: { passed: number; failed: number; skipped: number }): AreaVerdict {
  if (a.failed) return 'failed';
  if (a.skipped) return 'not judged in full';
  return a.passed ? 'passed' : 'not run';
}

/** Settings whose value may hold a credential in its URL: shown as the certificate shows the target. */
const URL_SETTINGS: SettingName[] = ['baseUrl', 'webhookPublicUrl'];

function declared(env: NodeJS.ProcessEnv): Pick<CertificationPredicate, 'settings' | 'withheld' | 'capabilities'> {
  try {
    const sources = readSources(env);
    const layers = sources.declared ?? declaredSettings(sources);
    const settings: Record<string, unknown> = {};
    const withheld: string[] = [];
    for (const [name, value] of Object.entries(layers.values) as [SettingName, unknown][]) {
      const s: Setting<unknown> = SETTINGS[name];
      const key = s.variable ?? s.path ?? name;
      if (s.internal) continue;
      if (s.secret) withheld.push(key);
      else settings[key] = URL_SETTINGS.includes(name) && typeof value === 'string' ? publicTargetUrl(value) : value;
    }
    const values = resolveValues(sources);
    // An embedded or container target declares its capabilities in its own profile, read by the run's
    // global setup; no report records it, so only an external target's are known here.
    const capabilities = values.baseUrl && !values.targetImage ? (capabilitiesOf(values) as unknown as Record<string, unknown>) : { absent: "the target declares them in its own profile (the embedded sandbox's, or the one its image prints); no report of the run records them" };
    return { settings, withheld, capabilities };
  } catch (err) {
    const absent = { absent: `the run's settings cannot be read: ${(err as Error).message.split('\n')[0]}` };
    return { settings: absent, withheld: [], capabilities: absent };
  }
}

function mutationScore(file: string): CertificationPredicate['mutation'] {
  const name = relative(ROOT, file) || file;
  if (!existsSync(file)) return { absent: `no ${name} (the mutation run, \`npm test\`, writes it)` };
  const text = readFileSync(file, 'utf8');
  try {
    const m = JSON.parse(text) as { killed: number; total: number; survivors: unknown[]; errored: unknown[]; baselinePassed: boolean };
    if (typeof m.killed !== 'number' || typeof m.total !== 'number') throw new Error('no killed and total');
    return { killed: m.killed, total: m.total, survived: m.survivors?.length ?? 0, errored: m.errored?.length ?? 0, baselinePassed: m.baselinePassed === true, file: name, sha256: sha256Hex(text), writtenAt: statSync(file).mtime.toISOString() };
  } catch (err) {
    return { absent: `${name} cannot be read as a mutation report (${(err as Error).message})` };
  }
}

/** The statement of a run whose reports (certification.json among them) are written in `reportsDir`. */
export function buildStatement(input: PredicateInput): Statement {
  const { certification: c, verdict, reportsDir } = input;
  const { subject, absent } = subjectsOf(reportsDir);
  const held = verdict?.description?.file;
  const predicate: CertificationPredicate = {
    certified: c.certifiable,
    reasons: c.reasons,
    target: { baseUrl: c.target.baseUrl, mode: c.target.mode, configId: verdict?.platformConfigId ?? { absent: "the run's verdict records no platform config id (GET /config)" } },
    suite: c.suite,
    interface: {
      version: c.interfaceVersion,
      document: digested(INTERFACE_DOCUMENT),
      description: { ...digested(held ? resolve(ROOT, held) : DEFAULT_DESCRIPTION), heldTo: held !== undefined },
    },
    run: { startedAt: c.startedAt, finishedAt: c.finishedAt, exitCode: c.exitCode },
    generation: c.generation,
    ...declared(input.env),
    areas: Object.fromEntries(Object.entries(c.areas).map(([area, a]) => [area, { passed: a.passed, failed: a.failed, skipped: a.skipped, verdict: areaVerdict(a) }])),
    coverage: c.coverage,
    listenerFindings: c.listenerFindings,
    judgedPartly: c.judgedPartly.length,
    mutation: mutationScore(input.mutationReport ?? MUTATION_REPORT),
    reports: { subjects: subject.map((s) => s.name), absent },
  };
  // The areas one by one, as certification.json's (./certify.ts scrubCertification): an area's name is no secret.
  const { areas, ...rest } = predicate;
  const scrubbed = { ...(input.scrub.value(rest) as Omit<CertificationPredicate, 'areas'>), areas: Object.fromEntries(Object.entries(areas).map(([area, a]) => [area, input.scrub.value(a) as typeof a])) };
  return { _type: STATEMENT_TYPE, subject, predicateType: PREDICATE_TYPE, predicate: scrubbed };
}
