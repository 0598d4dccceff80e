// A signed certification: `npm run certify -- --sign-key key.pem` writes
// reports/certification.bundle.json, a Sigstore bundle (v0.3) holding a DSSE envelope whose payload
// is an in-toto Statement. Its subject is the digest of every report file the run wrote; its predicate
// says what was certified (./attestation-predicate.ts). A partner hands the bundle and the reports
// folder to anyone, who checks them offline with the partner's public key (./attestation-verify.ts,
// docs/certification.md). The envelope, the bundle and its JSON form are the Sigstore libraries'; this
// module holds only the key: a PEM Ed25519 or P-256 key, signed with node:crypto.
import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleToJSON } from '@sigstore/bundle';
import { DSSEBundleBuilder, type Signature, type Signer } from '@sigstore/sign';
import { ALLURE_ARCHIVE } from './allure-archive.js';
import type { Statement, Subject } from './certification-model.js';
export type { Statement, Subject } from './certification-model.js';

/** The file the signed certification is written to, in the reports folder. */
export const BUNDLE_FILE = 'certification.bundle.json';
export const BUNDLE_MEDIA_TYPE = 'application/vnd.dev.sigstore.bundle.v0.3+json';
export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
/** This project's own predicate type: what the predicate's members mean is docs/certification.md. */
export const PREDICATE_TYPE = 'https://svc-conformance.dev/certification/v1';

/**
 * The report files a signed certification covers, by their names in the reports folder. A file the
 * run did not write is no subject; the predicate lists it as absent.
 */
export const SUBJECT_FILES = ['results.json', 'verdict.json', 'coverage.json', 'listener.json', 'interface-notes.md', 'certification.json', ALLURE_ARCHIVE] as const;

/** A key that cannot sign or check a certification: its message is one plain line. */
export class KeyError extends Error {}

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The report files of SUBJECT_FILES that `reportsDir` holds, with their digests, and those it does not. */
export function subjectsOf(reportsDir: string): { subject: Subject[]; absent: string[] } {
  const subject: Subject[] = [];
  const absent: string[] = [];
  for (const name of SUBJECT_FILES) {
    const file = join(reportsDir, name);
    if (existsSync(file)) subject.push({ name, digest: { sha256: sha256Hex(readFileSync(file)) } });
    else absent.push(name);
  }
  return { subject, absent };
}

type KeyKind = 'Ed25519' | 'P-256';

/** Ed25519 or P-256, the two kinds a certification is signed with; undefined for any other. */
export function keyKind(key: KeyObject): KeyKind | undefined {
  if (key.asymmetricKeyType === 'ed25519') return 'Ed25519';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'P-256';
  return undefined;
}

function describeKind(key: KeyObject): string {
  const curve = key.asymmetricKeyDetails?.namedCurve;
  return curve ? `${key.asymmetricKeyType} ${curve}` : `${key.asymmetricKeyType}`;
}

/** The key's hint in the bundle: the hex SHA-256 of its public key's SubjectPublicKeyInfo (DER). */
export function keyHint(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return sha256Hex(pub.export({ type: 'spki', format: 'der' }));
}

/** A private key from its PEM text (PKCS#8, unencrypted), refused unless it is Ed25519 or P-256. */
export function signingKey(pem: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (err) {
    throw new KeyError(`${where} is not an unencrypted PEM private key (${(err as Error).message})`);
  }
  if (!keyKind(key)) throw new KeyError(`${where} is not an Ed25519 or P-256 key (it is ${describeKind(key)}); a certification is signed with one of those`);
  return key;
}

/** A public key from its PEM text, refused unless it is Ed25519 or P-256. */
export function verificationKey(pem: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch (err) {
    throw new KeyError(`${where} is not a PEM public key (${(err as Error).message})`);
  }
  if (!keyKind(key)) throw new KeyError(`${where} is not an Ed25519 or P-256 key (it is ${describeKind(key)}); a certification is signed with one of those`);
  return key;
}

/**
 * The bundle's signer: Ed25519 signs the DSSE pre-authentication encoding itself, P-256 its SHA-256
 * (ECDSA, DER-encoded), as Sigstore verifiers expect for those keys.
 */
class KeySigner implements Signer {
  constructor(private readonly key: KeyObject) {}

  async sign(data: Buffer): Promise<Signature> {
    const publicKey = createPublicKey(this.key);
    const signature = sign(keyKind(this.key) === 'Ed25519' ? null : 'sha256', data, this.key);
    return { signature, key: { $case: 'publicKey', publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string, hint: keyHint(publicKey) } };
  }
}

/** The statement signed with `key`, as the text of a Sigstore bundle (no transparency log, no timestamp: it is checked offline). */
export async function signStatement(statement: Statement, key: KeyObject): Promise<string> {
  const builder = new DSSEBundleBuilder({ signer: new KeySigner(key), witnesses: [] });
  const bundle = await builder.create({ data: Buffer.from(JSON.stringify(statement), 'utf8'), type: IN_TOTO_PAYLOAD_TYPE });
  return `${JSON.stringify(bundleToJSON(bundle), null, 2)}\n`;
}
