// The one redaction layer every writer goes through: Allure attachments, assertion messages, the
// console, junit.xml, results.json, certification and the container log. It removes
// - known secret values, in clear and in the forms they travel in (base64, base64url, URL-encoded):
//   the platform's client secret, the Basic credential, tokens and secrets issued during the run;
// - values under secret-like keys (secret, password, token, authorization, cookie, otp, code of an
//   SCA or OTP proof, private keys) in JSON bodies and headers;
// - PEM private keys, Basic and Bearer credentials, Set-Cookie / Cookie headers, URL userinfo and
//   secret-like query parameters, wherever they appear in text.
import { appendFileSync, closeSync, ftruncateSync, openSync, readdirSync, readFileSync, writeFileSync, type Dirent } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { join } from 'node:path';

export const REDACTED = '[redacted]';

/** Keys whose values are secrets wherever they appear (JSON bodies, headers, query parameters). */
const SECRET_KEY =
  /^(authorization|proxy-authorization|cookie|set-cookie|password|passphrase|otp|otp_code|otpcode|pin|cvv|pan|code|scacode|verificationcode|recoverycodes?)$|secret|password|privatekey|private_key|accesstoken|access_token|refreshtoken|refresh_token|idtoken|id_token|oidctoken|apikey|api_key|^token$|tokens?$|sessionkey|signingkey|encryptedotpbundle|encryptedwalletcredentials/i;

/** Keys named `code` that are not secrets: error codes, currency codes, country codes. */
const PUBLIC_CODE_CONTEXT = /^(code)$/i;

const PEM_PRIVATE = /-----BEGIN (?:[A-Z0-9]+ )?PRIVATE KEY-----[\s\S]*?-----END (?:[A-Z0-9]+ )?PRIVATE KEY-----/g;
const PEM_PRIVATE_ESCAPED = /-----BEGIN (?:[A-Z0-9]+ )?PRIVATE KEY-----(?:\\n|\\r|[A-Za-z0-9+/=\s])*?-----END (?:[A-Z0-9]+ )?PRIVATE KEY-----/g;
const AUTH_SCHEME = /\b(Basic|Bearer)\s+[A-Za-z0-9._~+/=-]{6,}/g;
const COOKIE_HEADER = /\b(set-cookie|cookie)(["']?\s*[:=]\s*["']?)(?!\s*\[)[^"'\r\n]*/gi;
/** The JSON form of a header list: `"set-cookie":["a=1; Path=/","b=2"]` (every member). */
const COOKIE_JSON_ARRAY = /("(?:set-cookie|cookie)"\s*:\s*\[)((?:\s*"(?:[^"\\]|\\.)*"\s*,?)*)\]/gi;
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@"']+(?::[^/\s@"']*)?@/gi;
/** In every match of COOKIE_HEADER and COOKIE_JSON_ARRAY. */
const COOKIE_WORD = /cookie/i;
const SECRET_QUERY = /([?&](?:[a-z0-9_-]*(?:secret|token|password|passwd|pwd|key|signature|sig|code|auth)[a-z0-9_-]*))=([^&#\s"']+)/gi;

function forms(secret: string): string[] {
  const out = new Set<string>([secret]);
  const b64 = Buffer.from(secret).toString('base64');
  out.add(b64);
  out.add(b64.replace(/=+$/, ''));
  out.add(Buffer.from(secret).toString('base64url'));
  try {
    out.add(encodeURIComponent(secret));
  } catch {
    /* a lone surrogate has no URL-encoded form: the value is removed in its others */
  }
  out.add(JSON.stringify(secret).slice(1, -1));
  return [...out].filter((s) => s.length >= 4);
}

/** Up to this many secret forms, one search each; beyond, one indexed pass (Redactor.replaceIndexed). */
const FEW_SECRETS = 64;
/** Every secret form is at least this long (forms()), so its first characters index it. */
const PREFIX = 4;
/** The bits of a prefix key that select its slot in the index's filter (a 64 KiB table). */
const FILTER_MASK = 0xffff;

/** A number for the PREFIX characters at `i` (a collision only adds candidates: each is compared whole). */
function prefixKey(s: string, i: number): number {
  let key = 0;
  for (let k = 0; k < PREFIX; k++) key = (Math.imul(key, 31) + s.charCodeAt(i + k)) | 0;
  return key;
}
/** 31^(PREFIX-1): the weight of a key's first character, taken out as the window moves on. */
const OUTGOING = 31 ** (PREFIX - 1);

interface PrefixIndex {
  /** The secrets by the key of their first PREFIX characters, each list longest first (as `ordered` is). */
  byKey: Map<number, string[]>;
  /** 1 where some secret's key has those low bits: most positions of a text are passed over on it alone. */
  filter: Uint8Array;
}

function prefixIndex(ordered: readonly string[]): PrefixIndex {
  const byKey = new Map<number, string[]>();
  const filter = new Uint8Array(FILTER_MASK + 1);
  for (const secret of ordered) {
    const key = prefixKey(secret, 0);
    filter[key & FILTER_MASK] = 1;
    const list = byKey.get(key);
    if (list) list.push(secret);
    else byKey.set(key, [secret]);
  }
  return { byKey, filter };
}

export class Redactor {
  private readonly values = new Set<string>();
  /** The forms longest first, built when first needed after a change (a run adds hundreds one by one). */
  private ordered?: string[];
  private index?: PrefixIndex;

  constructor(secrets: readonly (string | undefined)[] = []) {
    for (const s of secrets) this.addSecret(s);
  }

  /** A value to remove wherever it appears, with its base64, base64url and URL-encoded forms. */
  addSecret(secret: string | undefined | null): void {
    if (!secret || secret.length < 4) return;
    for (const form of forms(secret)) {
      if (this.values.has(form)) continue;
      this.values.add(form);
      this.ordered = undefined;
      this.index = undefined;
    }
  }

  /** Whether `secret` is already removed (as itself or as a form of another). */
  has(secret: string): boolean {
    return this.values.has(secret);
  }

  /** The platform credential: the secret, and the Basic credential it makes with the client id. */
  addCredential(clientId: string, clientSecret: string): void {
    this.addSecret(clientSecret);
    this.addSecret(`${clientId}:${clientSecret}`);
  }

  /** Every form, longest first, so a secret inside a longer one (the Basic credential) leaves no tail behind. */
  get secrets(): readonly string[] {
    return (this.ordered ??= [...this.values].sort((a, b) => b.length - a.length));
  }

  text(input: string): string {
    let s = input;
    const secrets = this.secrets;
    if (secrets.length <= FEW_SECRETS) {
      for (const secret of secrets) if (s.includes(secret)) s = s.split(secret).join(REDACTED);
    } else s = this.replaceIndexed(s);
    // Each pattern is tried only where the text holds what every match of it holds (most texts hold none).
    if (s.includes('PRIVATE KEY-----')) {
      s = s
        .replace(PEM_PRIVATE, `-----BEGIN PRIVATE KEY-----${REDACTED}-----END PRIVATE KEY-----`)
        .replace(PEM_PRIVATE_ESCAPED, `-----BEGIN PRIVATE KEY-----${REDACTED}-----END PRIVATE KEY-----`);
    }
    if (s.includes('Basic') || s.includes('Bearer')) s = s.replace(AUTH_SCHEME, `$1 ${REDACTED}`);
    if (COOKIE_WORD.test(s)) s = s.replace(COOKIE_JSON_ARRAY, `$1"${REDACTED}"]`).replace(COOKIE_HEADER, `$1$2${REDACTED}`);
    if (s.includes('@') && s.includes('://')) s = s.replace(URL_USERINFO, `$1${REDACTED}@`);
    if (s.includes('=')) s = s.replace(SECRET_QUERY, `$1=${REDACTED}`);
    return s;
  }

  /**
   * Every known secret replaced in one pass over the text, whatever their number: a run learns
   * hundreds (issued tokens, codes), and a search per secret over every report would cost in proportion
   * to their number. At each position the secrets that begin with its first four characters are tried,
   * longest first.
   */
  private replaceIndexed(s: string): string {
    const { byKey, filter } = (this.index ??= prefixIndex(this.secrets));
    let out = '';
    let last = 0;
    let i = 0;
    let key = s.length >= PREFIX ? prefixKey(s, 0) : 0;
    while (i + PREFIX <= s.length) {
      const candidates = filter[key & FILTER_MASK] === 1 ? byKey.get(key) : undefined;
      const hit = candidates?.find((secret) => s.startsWith(secret, i));
      if (hit === undefined) {
        // The key of the next position from this one's: the first character out, the next one in.
        key = (Math.imul(key - Math.imul(s.charCodeAt(i), OUTGOING), 31) + s.charCodeAt(i + PREFIX)) | 0;
        i++;
        continue;
      }
      out += s.slice(last, i) + REDACTED;
      i += hit.length;
      last = i;
      if (i + PREFIX <= s.length) key = prefixKey(s, i);
    }
    return last === 0 ? s : out + s.slice(last);
  }

  /**
   * A JSON-like value with secret-keyed members replaced and every string scrubbed. `code` is a
   * secret only beside the markers of a proof (an SCA or OTP confirmation), not as an error code.
   */
  value(input: unknown, key = ''): unknown {
    if (typeof input === 'string') return this.text(input);
    if (Array.isArray(input)) return input.map((v) => this.value(v, key));
    if (input && typeof input === 'object') {
      const entries = Object.entries(input as Record<string, unknown>);
      const isErrorBody = entries.some(([k]) => k === 'status') && entries.some(([k]) => k === 'message');
      return Object.fromEntries(
        entries.map(([k, v]) => {
          const secretKey = SECRET_KEY.test(k) && !(PUBLIC_CODE_CONTEXT.test(k) && (isErrorBody || typeof v !== 'string' || !/^\d{4,10}$/.test(v)));
          return [k, secretKey && v !== null && v !== undefined ? REDACTED : this.value(v, k)];
        }),
      );
    }
    return input;
  }

  /** Headers: secret-named ones replaced, the others scrubbed. */
  headers(input: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(input).map(([k, v]) => [k, SECRET_KEY.test(k) || /cookie|authorization|token|secret/i.test(k) ? REDACTED : this.value(v, k)]),
    );
  }
}

/**
 * Members of response bodies that carry a secret issued during the run, by the form of their key:
 * any token (a token's or agent's accessToken, livenessAccessToken, oidcToken), secret, password,
 * passphrase, API or private key, credential; and one-time codes (otpCode, verificationCode,
 * recoveryCodes), which are learned from 6 characters on.
 */
const ISSUED_SECRET_KEY = /(token|secret|password|passphrase|api_?key|private_?key|credential)s?$/i;
const ISSUED_CODE_KEY = /(otp|verification|sca|recovery|auth|authorization|one_?time|pass|security|backup)_?codes?$/i;
/** Keys that end so but name no secret. */
const NOT_A_SECRET_KEY = /^(tokenType|token_type|credentialType|credentialId|passkeyCredential)$/i;

/** Collects the secrets a body issues, so that later text holding them is scrubbed too. */
export function learnIssuedSecrets(redactor: Redactor, body: unknown, depth = 0): string[] {
  const found: string[] = [];
  if (depth > 6 || !body || typeof body !== 'object') return found;
  const learn = (v: string, min: number) => {
    if (v.length < min) return;
    if (!redactor.has(v)) shareLearned(v);
    redactor.addSecret(v);
    found.push(v);
  };
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const min = NOT_A_SECRET_KEY.test(k) ? Infinity : ISSUED_SECRET_KEY.test(k) ? 8 : ISSUED_CODE_KEY.test(k) ? 6 : Infinity;
    if (typeof v === 'string') learn(v, min);
    else if (Array.isArray(v) && min !== Infinity && v.every((x) => typeof x === 'string')) for (const x of v as string[]) learn(x, min);
    else if (v && typeof v === 'object') found.push(...learnIssuedSecrets(redactor, v, depth + 1));
  }
  return found;
}

/**
 * A stream of text (a container's log) scrubbed as it comes: a secret split across chunks is
 * scrubbed whole. Complete lines go out; the rest waits for its end, and so does a PEM private key
 * until its END line (each bounded: past 64 KiB the waiting text goes out scrubbed as it is).
 */
export class StreamRedactor {
  private pending = '';
  constructor(private readonly r: Redactor, private readonly maxPending = 64 * 1024) {}

  write(chunk: string): string {
    this.pending += chunk;
    let cut = this.pending.lastIndexOf('\n') + 1;
    const begin = this.pending.lastIndexOf('-----BEGIN ');
    if (begin >= 0 && begin < cut && /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(this.pending.slice(begin, begin + 64))) {
      // A private key goes out whole: wait for the line that ends with its END marker.
      const end = /-----END [A-Z0-9 ]*PRIVATE KEY-----/.exec(this.pending.slice(begin));
      if (!end || begin + end.index + end[0].length > cut) cut = begin;
    }
    if (this.pending.length > this.maxPending) cut = this.pending.length;
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return ready ? this.r.text(ready) : '';
  }

  end(): string {
    const rest = this.r.text(this.pending);
    this.pending = '';
    return rest;
  }
}

/**
 * Secrets issued during a run are learned in the workers; the run's final scrub of the reports runs
 * in the main process. The global setup names a private folder (SVC_SECRETS_DIR, mode 0700, removed
 * after the scrub) where each worker appends what it learned.
 */
export function shareSecret(secret: string | undefined): void {
  if (secret && secret.length >= 4) shareLearned(secret);
}

function shareLearned(secret: string): void {
  const dir = process.env.SVC_SECRETS_DIR;
  if (!dir) return;
  try {
    appendFileSync(join(dir, `learned-${process.pid}-${threadId}.txt`), `${JSON.stringify(secret)}\n`, { mode: 0o600 });
  } catch {
    /* the folder is gone: the run is over */
  }
}

/**
 * Adds to `r` every secret the workers of a run learned (see shareLearned). With `read` (bytes read
 * so far, by file), a call reads only what was appended since the last: the run's output is scrubbed
 * as it comes, and the folder is read again whenever it has grown. Only whole lines are read; a line
 * cut short by a killed worker is never ended, and never read.
 */
export function loadLearnedSecrets(dir: string, r: Redactor, read = new Map<string, number>()): void {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.startsWith('learned-'));
  } catch {
    return;
  }
  for (const f of files) {
    let text: Buffer;
    try {
      text = readFileSync(join(dir, f));
    } catch {
      continue;
    }
    const from = read.get(f) ?? 0;
    const end = text.lastIndexOf(0x0a) + 1;
    if (end <= from) continue;
    read.set(f, end);
    for (const line of text.toString('utf8', from, end).split('\n')) {
      if (!line) continue;
      try {
        r.addSecret(JSON.parse(line) as string);
      } catch {
        /* not a JSON string: no secret */
      }
    }
  }
}

/** The process's redactor: the API clients register the credentials they use and the secrets they are issued. */
export const redactor = new Redactor();

/** Text files a run writes under reports/ (Allure results, junit, results, coverage, certification, logs). */
const TEXT_REPORT = /\.(json|xml|md|txt|log|html|ndjson|csv)$|-attachment(\.[a-z]+)?$/i;

/** `io()`'s result, or undefined when the file it reaches is gone (ENOENT); any other failure is thrown. */
function unlessGone<T>(io: () => T): T | undefined {
  try {
    return io();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Scrubs every text file under `dir` in place with `r`: the last line of defence for what a
 * reporter wrote from values no writer saw (an assertion's diff of two bodies, a stack trace).
 * Returns the files it changed.
 */
export function scrubReports(dir: string, r: Redactor): string[] {
  const changed: string[] = [];
  const walk = (d: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = join(d, e.name);
      if (e.isDirectory()) {
        walk(path);
        continue;
      }
      if (!e.isFile() || !TEXT_REPORT.test(e.name)) continue;
      // A file gone between the listing and its reading (an earlier run's results that a global setup
      // moved aside is deleting) holds nothing to scrub any more: skipped, not the end of the run.
      const before = unlessGone(() => readFileSync(path, 'utf8'));
      if (before === undefined) continue;
      const after = r.text(before);
      if (after !== before) {
        // Opened without creating it: a file deleted meanwhile is not made again in a folder being removed.
        const fd = unlessGone(() => openSync(path, 'r+'));
        if (fd === undefined) continue;
        try {
          ftruncateSync(fd);
          // writeFileSync on a descriptor writes from its position (0, just opened) until all is written.
          writeFileSync(fd, after);
        } finally {
          closeSync(fd);
        }
        changed.push(path);
      }
    }
  };
  walk(dir);
  return changed;
}
