// Offline verification of a signed certification (`npm run certify -- --verify <bundle> --key <public
// key>`): the bundle is read with the Sigstore libraries, its signature checked with the given key and
// no other authority (no transparency log, certificate or timestamp: the key is trusted out of band),
// then every report file of its subject is digested again. The result has one name: `certified`,
// `not certified`, or the first kind of failure; each line says exactly what does not match.
import { bundleFromJSON, ValidationError, type Bundle } from '@sigstore/bundle';
import { toSignedEntity, Verifier, type TrustMaterial } from '@sigstore/verify';
import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BUNDLE_MEDIA_TYPE, IN_TOTO_PAYLOAD_TYPE, KeyError, keyHint, PREDICATE_TYPE, sha256Hex, STATEMENT_TYPE, verificationKey, type Statement } from './attestation.js';
import type { Absent, CertificationPredicate } from './certification-model.js';

/** What a bundle verified as: a valid bundle's verdict, or the kind of its first failure. */
export type VerifyResult = 'certified' | 'not certified' | 'bundle' | 'key' | 'signature' | 'statement' | 'file' | 'digest';

export interface Verification {
  result: VerifyResult;
  /** The predicate's summary (once the signature holds), then `valid: ...` or one `invalid: ...` line per failure. */
  lines: string[];
  /** 0 valid and certified, 2 valid and not certified, 1 invalid. */
  exitCode: 0 | 1 | 2;
}

const invalid = (kind: VerifyResult, text: string, summary: string[] = []): Verification => ({ result: kind, lines: [...summary, `invalid: ${kind}: ${text}`], exitCode: 1 });

/** A report file of the subject: a plain name in the reports folder, never a path out of it. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function whyNotABundle(err: unknown): string {
  if (err instanceof ValidationError) return `${err.message}: ${err.fields.join(', ')}`;
  return (err as Error).message;
}

/** The bundle, or why it is not one this suite writes. */
function readBundle(text: string): Bundle | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return `not a Sigstore bundle (${(err as Error).message})`;
  }
  let bundle: Bundle;
  try {
    bundle = bundleFromJSON(json);
  } catch (err) {
    return `not a Sigstore bundle (${whyNotABundle(err)})`;
  }
  if (bundle.mediaType !== BUNDLE_MEDIA_TYPE) return `not a Sigstore bundle v0.3 (media type ${bundle.mediaType})`;
  if (bundle.content.$case !== 'dsseEnvelope') return `not a Sigstore bundle of a DSSE envelope (it holds a ${bundle.content.$case})`;
  if (bundle.content.dsseEnvelope.payloadType !== IN_TOTO_PAYLOAD_TYPE) return `not an in-toto statement (payload type ${JSON.stringify(bundle.content.dsseEnvelope.payloadType)})`;
  if (bundle.verificationMaterial.content.$case !== 'publicKey') return `not signed by a public key (its verification material is a ${bundle.verificationMaterial.content.$case})`;
  return bundle;
}

/** Trust in one key alone, for every hint: the caller has checked the hint already. */
function trustIn(key: KeyObject): TrustMaterial {
  return { certificateAuthorities: [], timestampAuthorities: [], tlogs: [], ctlogs: [], publicKey: () => ({ publicKey: key, validFor: () => true }) };
}

/** The statement, or what in it is not a certification statement of this suite. */
function readStatement(payload: Buffer): Statement | string {
  let s: Partial<Statement>;
  try {
    s = JSON.parse(payload.toString('utf8')) as Partial<Statement>;
  } catch (err) {
    return `the payload is not JSON (${(err as Error).message})`;
  }
  if (s._type !== STATEMENT_TYPE) return `not an in-toto Statement v1 (_type ${JSON.stringify(s._type)})`;
  if (s.predicateType !== PREDICATE_TYPE) return `not a certification of this suite (predicateType ${JSON.stringify(s.predicateType)})`;
  if (!Array.isArray(s.subject) || !s.predicate || typeof s.predicate !== 'object') return 'it has no subject list or no predicate';
  const bad = s.subject.find((x) => typeof x?.name !== 'string' || !PLAIN_NAME.test(x.name) || typeof x.digest?.sha256 !== 'string');
  if (bad) return `subject ${JSON.stringify(bad?.name)} is not a report file with a SHA-256 digest`;
  return s as Statement;
}

const isAbsent = (v: unknown): v is Absent => typeof v === 'object' && v !== null && 'absent' in v;
const few = (names: string[]) => (names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', '));

/** The predicate in a few lines, as a certifier reads it. */
export function predicateSummary(p: CertificationPredicate, subject: string[]): string[] {
  const digest = (d: { file: string; sha256?: string; absent?: string } | undefined) => (d ? `${d.file} ${d.sha256 ? `sha256 ${d.sha256}` : `(absent: ${d.absent})`}` : 'unknown');
  const areas = Object.entries(p.areas ?? {});
  const by = (v: string) => areas.filter(([, a]) => a.verdict === v).map(([name]) => name);
  const failed = by('failed');
  const partial = by('not judged in full');
  const notRun = by('not run');
  const m = p.mutation;
  return [
    `target: ${p.target?.baseUrl} (${p.target?.mode}); platform config id: ${isAbsent(p.target?.configId) ? `absent (${p.target.configId.absent})` : p.target?.configId}`,
    `suite: ${p.suite?.name} ${p.suite?.version}, commit ${p.suite?.commit ?? 'unknown'}`,
    `interface: ${p.interface?.version}; document ${digest(p.interface?.document)}`,
    `description: ${digest(p.interface?.description)}${p.interface?.description?.heldTo ? ' (the run was held to it)' : " (the suite's catalog; the run was not held to a description)"}`,
    `run: ${p.run?.startedAt} to ${p.run?.finishedAt}, exit code ${p.run?.exitCode}; ${p.generation ? `seed ${p.generation.seed}, ${p.generation.ruleRuns} request(s) per field rule` : 'generated data unknown (the run wrote no verdict)'}`,
    `areas: ${by('passed').length} passed, ${failed.length} failed, ${partial.length} not judged in full, ${notRun.length} not run (of ${areas.length})` +
      [failed.length ? `; failed: ${few(failed)}` : '', partial.length ? `; not judged in full: ${few(partial)}` : '', notRun.length ? `; not run: ${few(notRun)}` : ''].join(''),
    `coverage: ${Object.entries(p.coverage ?? {}).map(([kind, c]) => `${kind} ${c.covered}/${c.total}`).join(', ') || 'none recorded'}`,
    `mutation score: ${!m ? 'unknown' : isAbsent(m) ? `absent (${m.absent})` : `${m.killed}/${m.total} faults killed (${m.file} of ${m.writtenAt}, sha256 ${m.sha256})`}`,
    `reports: ${subject.join(', ')}${p.reports?.absent?.length ? `; not written by the run: ${p.reports.absent.join(', ')}` : ''}`,
  ];
}

/** Checks `bundleText` against the public key `publicKeyPem` and the report files in `reportsDir`. */
export function verifyBundle(bundleText: string, publicKeyPem: string, reportsDir: string): Verification {
  const bundle = readBundle(bundleText);
  if (typeof bundle === 'string') return invalid('bundle', bundle);
  let key: KeyObject;
  try {
    key = verificationKey(publicKeyPem, 'the given key');
  } catch (err) {
    if (err instanceof KeyError) return invalid('key', err.message);
    throw err;
  }
  const given = keyHint(key);
  const hint = bundle.verificationMaterial.content.$case === 'publicKey' ? bundle.verificationMaterial.content.publicKey.hint : '';
  if (hint !== given) return invalid('key', `signed by another key (${hint || 'no hint'}), not the given one (${given})`);
  const verifier = new Verifier(trustIn(key), { tlogThreshold: 0, ctlogThreshold: 0, timestampThreshold: 0 });
  try {
    verifier.verify(toSignedEntity(bundle));
  } catch {
    return invalid('signature', 'the statement was changed after it was signed');
  }
  const envelope = bundle.content.$case === 'dsseEnvelope' ? bundle.content.dsseEnvelope : undefined;
  const statement = readStatement(envelope!.payload);
  if (typeof statement === 'string') return invalid('statement', statement);
  const summary = predicateSummary(statement.predicate, statement.subject.map((s) => s.name));
  const failures: { kind: VerifyResult; text: string }[] = [];
  for (const s of statement.subject) {
    const file = join(reportsDir, s.name);
    if (!existsSync(file)) {
      failures.push({ kind: 'file', text: `${s.name} is missing` });
      continue;
    }
    const found = sha256Hex(readFileSync(file));
    if (found !== s.digest.sha256) failures.push({ kind: 'digest', text: `${s.name} does not match (expected ${s.digest.sha256}, found ${found})` });
  }
  if (failures.length) return { result: failures[0].kind, lines: [...summary, ...failures.map((f) => `invalid: ${f.kind}: ${f.text}`)], exitCode: 1 };
  const p = statement.predicate;
  if (p.certified === true) return { result: 'certified', lines: [...summary, 'valid: certified'], exitCode: 0 };
  return { result: 'not certified', lines: [...summary, `valid: not certified (${(p.reasons ?? []).join('; ') || 'no reason given'})`], exitCode: 2 };
}

/**
 * `--verify`: the bundle file checked with the key file, against the report files in `reportsDir`
 * (by default the folder that holds the bundle, as the reports folder holds it).
 */
export function verifyFiles(bundleFile: string, keyFile: string, reportsDir = dirname(bundleFile)): Verification {
  let bundleText: string;
  let keyText: string;
  try {
    bundleText = readFileSync(bundleFile, 'utf8');
  } catch (err) {
    return invalid('bundle', `${bundleFile} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    keyText = readFileSync(keyFile, 'utf8');
  } catch (err) {
    return invalid('key', `${keyFile} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return verifyBundle(bundleText, keyText, reportsDir);
}
