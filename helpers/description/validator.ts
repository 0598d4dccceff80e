// Holds one exchange to the description: a response against the schema its operation and status
// describe, a request body and query against what the operation receives, a webhook payload against
// the description's `webhooks`. The judging is Ajv's (JSON Schema 2020-12, the dialect of OpenAPI
// 3.1) with ajv-formats; this module only finds the schema and turns Ajv's errors into mismatches.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { at, escapeToken, eventTypesOf, follow, loadDescription, type Description, type Node, type OpenApiDocument } from './document.js';

// ajv-formats is CommonJS with its plugin as module.exports and as `default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

export type MismatchKind =
  | 'missing-required'
  | 'type'
  | 'enum'
  | 'format'
  | 'pattern'
  | 'additional'
  | 'const'
  | 'oneOf'
  | 'other'
  | 'status-undocumented'
  | 'operation-undocumented'
  /** A notification of a type none of the description's webhooks names. */
  | 'event-undescribed'
  | 'media-type';

export interface Mismatch {
  /** `GET /customers/{customerId}` (the description's template), or `webhook <name>`. */
  operation: string;
  /** The response's status (for a request, the status it was answered with); null for a webhook. */
  status: number | null;
  /** What was judged. */
  in: 'response' | 'request-body' | 'query' | 'webhook';
  /** JSON pointer of the offending value in the body (or the query). */
  path: string;
  kind: MismatchKind;
  message: string;
  /** The schema location Ajv reports, for the reader who wants the rule. */
  schemaPath?: string;
}

/** A documented operation a concrete path and method resolved to. */
export interface OperationMatch {
  /** `GET /customers/{customerId}`. */
  key: string;
  template: string;
  method: string;
  /** Pointer of the operation object in the document. */
  pointer: string;
  op: Node;
  /** The path item (its parameters apply to every operation in it). */
  item: Node;
}

/** The document as Ajv sees it: one schema, its parts compiled by pointer. */
const DOC_ID = 'urn:svc:openapi';

/** JSON media types: `application/json` and any `+json` (RFC 6839). */
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** OpenAPI's numeric formats (OpenAPI Format Registry), which ajv-formats does not carry. */
function addOpenApiFormats(ajv: Ajv2020): void {
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 63 });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  // A file part of a multipart body, recorded as a marker (helpers/description/recorder.ts).
  ajv.addFormat('binary', { type: 'string', validate: () => true });
  ajv.addFormat('byte', { type: 'string', validate: (s: string) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0 });
  ajv.addFormat('password', { type: 'string', validate: () => true });
}

function newAjv(doc: OpenApiDocument, coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    // OpenAPI keywords (example, xml, externalDocs, discriminator's siblings) are not JSON Schema's.
    strict: false,
    allErrors: true,
    verbose: true,
    discriminator: true,
    // Query values and multipart fields travel as text: coerced to the type their schema names.
    ...(coerce ? { coerceTypes: 'array' as const } : {}),
  });
  addFormats(ajv);
  addOpenApiFormats(ajv);
  // The document is no JSON Schema as a whole (its `paths` and `info` are no keywords): not checked against the meta-schema.
  ajv.addSchema(doc as object, DOC_ID, undefined, false);
  return ajv;
}

/** The most literal template first: literal segments before parameters, segment by segment. */
function byRank(a: { rank: number[] }, b: { rank: number[] }): number {
  for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) if (a.rank[i] !== b.rank[i]) return b.rank[i] - a.rank[i];
  return 0;
}

export class DescriptionValidator {
  readonly doc: OpenApiDocument;
  private readonly ajv: Ajv2020;
  private readonly coercing: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  /** The description's templates, each with its matcher and rank (literal segments before parameters). */
  private readonly templates: { template: string; re: RegExp; rank: number[] }[];
  private readonly basePath: string;
  /** Webhook names by the event types their payloads name. */
  private readonly webhooksByType = new Map<string, string[]>();

  constructor(readonly description: Description) {
    this.doc = description.doc;
    this.ajv = newAjv(this.doc, false);
    this.coercing = newAjv(this.doc, true);
    this.basePath = (() => {
      try {
        return new URL(this.doc.servers?.[0]?.url ?? 'http://x/').pathname.replace(/\/$/, '');
      } catch {
        return '';
      }
    })();
    this.templates = Object.keys(this.doc.paths).map((template) => {
      const segments = template.split('/').slice(1);
      const re = new RegExp(`^/${segments.map((s) => s.split(/\{[^}]+\}/).map((lit) => lit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')).join('/')}$`);
      return { template, re, rank: segments.map((s) => (s.includes('{') ? 0 : 1)) };
    });
    for (const [name, item] of Object.entries(this.doc.webhooks ?? {})) {
      const body = follow(this.doc, item.post?.requestBody, '').node;
      for (const type of eventTypesOf(this.doc, body?.content?.['application/json']?.schema)) {
        this.webhooksByType.set(type, [...(this.webhooksByType.get(type) ?? []), name]);
      }
    }
  }

  static load(file?: string): DescriptionValidator {
    return new DescriptionValidator(loadDescription(file));
  }

  /** The path below the base URL: the servers' base path, or everything up to the version segment, taken off. */
  relativePath(path: string): string {
    let p = path.split('?')[0];
    try {
      if (/^https?:\/\//.test(p)) p = new URL(p).pathname;
    } catch {
      /* not a URL: a path */
    }
    if (this.basePath && (p === this.basePath || p.startsWith(`${this.basePath}/`))) return p.slice(this.basePath.length) || '/';
    const version = `/${this.doc.info.version}`;
    const i = p.indexOf(`${version}/`);
    if (i >= 0) return p.slice(i + version.length);
    if (p.endsWith(version)) return '/';
    return p;
  }

  /** The operation a method and concrete path resolve to; the most literal template wins (`/customers/end-user-terms` over `/customers/{customerId}`). */
  findOperation(method: string, path: string): OperationMatch | undefined {
    const rel = this.relativePath(path).replace(/\/$/, '') || '/';
    const m = method.toLowerCase();
    const candidates = this.templates.filter((t) => t.re.test(rel) && this.doc.paths[t.template]?.[m]);
    const best = candidates.sort(byRank)[0];
    if (!best) return undefined;
    const item = this.doc.paths[best.template];
    return { key: `${method.toUpperCase()} ${best.template}`, template: best.template, method: m, pointer: `/paths/${escapeToken(best.template)}/${m}`, op: item[m], item };
  }

  /** A response against the schema its operation gives that status (or `default`). */
  validateResponse(x: { method: string; path: string; status: number; contentType?: string; body: unknown }): Mismatch[] {
    const match = this.findOperation(x.method, x.path);
    const base = { status: x.status, in: 'response' as const };
    if (!match) {
      // A method the path does not describe: the generic error of its status judges the answer (a 405).
      const template = this.findTemplate(x.path);
      const generic = template ? this.genericError(x.status) : undefined;
      const operation = `${x.method.toUpperCase()} ${template ?? this.relativePath(x.path)}`;
      if (generic) return this.judgeGeneric(generic, x, { ...base, operation });
      return [{ ...base, operation, path: '', kind: 'operation-undocumented', message: 'no path template of the description matches this method and path' }];
    }
    const responses = (match.op.responses ?? {}) as Node;
    const key = [String(x.status), `${String(x.status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) {
      // A status the operation does not list: judged by the description's generic error of that status (ErrorNNN).
      const generic = this.genericError(x.status);
      if (generic) return this.judgeGeneric(generic, x, { ...base, operation: match.key });
      return [{ ...base, operation: match.key, path: '', kind: 'status-undocumented', message: `status ${x.status} is not among the described responses (${Object.keys(responses).join(', ')}), and the description has no generic Error${x.status}` }];
    }
    const { node: response, pointer } = follow(this.doc, responses[key], `${match.pointer}/responses/${escapeToken(key)}`);
    return this.judgeContent(response?.content, `${pointer}/content`, x.contentType, x.body, { ...base, operation: match.key }, 'response', false);
  }

  /** The pointer of the description's generic error schema for a status (`#/components/schemas/Error404`), if it has one. */
  genericError(status: number): string | undefined {
    return this.doc.components?.schemas?.[`Error${status}`] ? `/components/schemas/Error${status}` : undefined;
  }

  /** The template a concrete path resolves to, whatever the method. */
  findTemplate(path: string): string | undefined {
    const rel = this.relativePath(path).replace(/\/$/, '') || '/';
    return this.templates.filter((t) => t.re.test(rel)).sort(byRank)[0]?.template;
  }

  /** A JSON answer against a generic error schema (an error body is JSON: interface, Errors). */
  private judgeGeneric(pointer: string, x: { contentType?: string; body: unknown }, base: Omit<Mismatch, 'path' | 'kind' | 'message'>): Mismatch[] {
    return this.judgeContent({ 'application/json': { schema: { $ref: `#${pointer}` } } }, '', x.contentType, x.body, base, 'response', false, pointer);
  }

  /** A request body and query against the operation's requestBody (per media type) and query parameters. */
  validateRequest(x: { method: string; path: string; status?: number; contentType?: string; body?: unknown; query?: Record<string, string | string[]> }): Mismatch[] {
    const match = this.findOperation(x.method, x.path);
    const status = x.status ?? null;
    if (!match) return [{ operation: `${x.method.toUpperCase()} ${this.relativePath(x.path)}`, status, in: 'request-body', path: '', kind: 'operation-undocumented', message: 'no path template of the description matches this method and path' }];
    return [...this.validateRequestBody(match, x.contentType, x.body, status), ...this.validateQuery(match, x.query ?? {}, status)];
  }

  private validateRequestBody(match: OperationMatch, contentType: string | undefined, body: unknown, status: number | null): Mismatch[] {
    const base = { operation: match.key, status, in: 'request-body' as const };
    const { node: requestBody, pointer } = follow(this.doc, match.op.requestBody, `${match.pointer}/requestBody`);
    if (body === undefined) {
      return requestBody?.required ? [{ ...base, path: '', kind: 'missing-required', message: 'the operation requires a request body; none was sent' }] : [];
    }
    if (!requestBody) return [{ ...base, path: '', kind: 'media-type', message: 'the operation describes no request body; one was sent' }];
    return this.judgeContent(requestBody.content, `${pointer}/content`, contentType, body, base, 'request', true);
  }

  /** The query against the query parameters (the path item's and the operation's), with their values coerced as text is. */
  private validateQuery(match: OperationMatch, query: Record<string, string | string[]>, status: number | null): Mismatch[] {
    const base = { operation: match.key, status, in: 'query' as const };
    const params = new Map<string, { pointer: string; node: Node }>();
    const pathItemPointer = match.pointer.replace(/\/[^/]+$/, '');
    for (const [list, pointer] of [[match.item.parameters, `${pathItemPointer}/parameters`], [match.op.parameters, `${match.pointer}/parameters`]] as const) {
      (list ?? []).forEach((p: Node, i: number) => {
        const r = follow(this.doc, p, `${pointer}/${i}`);
        if (r.node?.in === 'query') params.set(r.node.name, r);
      });
    }
    const out: Mismatch[] = [];
    for (const [name, value] of Object.entries(query)) {
      const param = params.get(name);
      if (!param) {
        out.push({ ...base, path: `/${escapeToken(name)}`, kind: 'additional', message: `query parameter ${name} is not among the operation's parameters` });
        continue;
      }
      if (!param.node.schema) continue;
      let v: unknown = Array.isArray(value) ? [...value] : value;
      const schema = follow(this.doc, param.node.schema, `${param.pointer}/schema`).node;
      // style form with explode false: one value, its items comma-separated (OpenAPI, Style Values).
      if (schema?.type === 'array' && param.node.explode === false) v = (Array.isArray(v) ? v : [v as string]).flatMap((s) => String(s).split(','));
      const holder = { value: v };
      const validate = this.compile(`${param.pointer}/schema`, true, { wrap: 'value' });
      if (!validate(holder)) out.push(...this.mismatches(validate.errors ?? [], holder, base, 'request').map((m) => ({ ...m, path: `/${escapeToken(name)}${m.path.replace(/^\/value/, '')}` })));
    }
    for (const [name, param] of params) {
      if (param.node.required && !(name in query)) out.push({ ...base, path: `/${escapeToken(name)}`, kind: 'missing-required', message: `required query parameter ${name} was not sent` });
    }
    return out;
  }

  /** A webhook payload against the description's webhook for its event type. */
  validateWebhook(payload: unknown): Mismatch[] {
    const type = payload && typeof payload === 'object' ? (payload as { type?: unknown }).type : undefined;
    const names = typeof type === 'string' ? this.webhooksByType.get(type) : undefined;
    if (!names?.length) {
      return [{ operation: 'webhook', status: null, in: 'webhook', path: '/type', kind: 'event-undescribed', message: `event type ${JSON.stringify(type)} is named by none of the description's webhooks` }];
    }
    let best: Mismatch[] | undefined;
    for (const name of names) {
      const { node: body, pointer } = follow(this.doc, this.doc.webhooks![name].post.requestBody, `/webhooks/${escapeToken(name)}/post/requestBody`);
      const got = this.judgeContent(body?.content, `${pointer}/content`, 'application/json', payload, { operation: `webhook ${name}`, status: null, in: 'webhook' }, 'request', false);
      if (!best || got.length < best.length) best = got;
    }
    return best!;
  }

  /** A value against the schema at a pointer of the document (the self-tests and the examples use it). */
  validateAt(schemaPointer: string, value: unknown, direction: 'response' | 'request', base: Omit<Mismatch, 'path' | 'kind' | 'message'> = { operation: schemaPointer, status: null, in: direction === 'response' ? 'response' : 'request-body' }): Mismatch[] {
    const validate = this.compile(schemaPointer, false);
    const data = structuredClone(value);
    return validate(data) ? [] : this.mismatches(validate.errors ?? [], data, base, direction);
  }

  private judgeContent(content: Node | undefined, contentPointer: string, contentType: string | undefined, body: unknown, base: Omit<Mismatch, 'path' | 'kind' | 'message'>, direction: 'response' | 'request', coerceText: boolean, schemaAt?: string): Mismatch[] {
    const empty = body === undefined || body === '';
    if (!content || !Object.keys(content).length) {
      return empty ? [] : [{ ...base, path: '', kind: 'media-type', message: 'the description gives this exchange no body; one was sent' }];
    }
    const essence = (contentType ?? '').split(';')[0].trim().toLowerCase();
    const type =
      Object.keys(content).find((k) => k.toLowerCase() === essence) ??
      Object.keys(content).find((k) => k.toLowerCase() === `${essence.split('/')[0]}/*`) ??
      Object.keys(content).find((k) => k === '*/*');
    if (!type) {
      if (empty) return [{ ...base, path: '', kind: 'media-type', message: `the description gives a body (${Object.keys(content).join(', ')}); none was sent` }];
      return [{ ...base, path: '', kind: 'media-type', message: `content type ${essence || '(none)'} is not among the described media types (${Object.keys(content).join(', ')})` }];
    }
    if (!content[type]?.schema) return [];
    const schemaPointer = schemaAt ?? `${contentPointer}/${escapeToken(type)}/schema`;
    // A multipart body's fields are text: coerced to the types their schema names, as a server reads them.
    const validate = this.compile(schemaPointer, coerceText && !isJson(type));
    const data = structuredClone(body);
    return validate(data) ? [] : this.mismatches(validate.errors ?? [], data, base, direction);
  }

  private compile(schemaPointer: string, coerce: boolean, o: { wrap?: string } = {}): ValidateFunction {
    const key = `${coerce ? 'c' : 'p'}:${o.wrap ?? ''}:${schemaPointer}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const ajv = coerce ? this.coercing : this.ajv;
      const ref = { $ref: `${DOC_ID}#${schemaPointer.split('/').map((t) => encodeURIComponent(t).replace(/%7E/gi, '~')).join('/')}` };
      validate = ajv.compile(o.wrap ? { type: 'object', properties: { [o.wrap]: ref } } : ref);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Ajv's errors as mismatches, one per offending value. A missing property the description marks readOnly is no fault of a request, one marked writeOnly none of a response (OpenAPI, Schema Object). */
  private mismatches(errors: ErrorObject[], data: unknown, base: Omit<Mismatch, 'path' | 'kind' | 'message'>, direction: 'response' | 'request'): Mismatch[] {
    const out: Mismatch[] = [];
    const seen = new Set<string>();
    // A failed anyOf keeps its members' errors (at or below its value) beside its own. OpenAPI 3.1
    // writes a nullable value as `anyOf: [schema, {type: 'null'}]`: for a value that is not null, the
    // schema's own errors say what is wrong, and the anyOf's and the null member's say nothing more.
    // Any other failed anyOf is one mismatch, its members' first errors in its message.
    const nullable = (e: ErrorObject) => {
      const members = (e.parentSchema as Node | undefined)?.anyOf;
      return Array.isArray(members) && members.length === 2 && members.filter((m: Node) => m?.type === 'null' && Object.keys(m).length === 1).length === 1 && at(data, e.instancePath) !== null;
    };
    const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
    const nullableAt = new Set(anyOfs.filter(nullable).map((e) => e.instancePath));
    const plainAt = anyOfs.filter((e) => !nullable(e)).map((e) => e.instancePath);
    const under = (path: string, p: string) => path === p || path.startsWith(`${p}/`);
    const branchNotes = new Map<string, string[]>();
    for (const e of errors) {
      if (e.keyword === 'anyOf' && nullableAt.has(e.instancePath)) continue;
      if (e.keyword === 'type' && (e.params as { type?: string }).type === 'null' && nullableAt.has(e.instancePath)) continue;
      const owner = e.keyword === 'anyOf' ? undefined : plainAt.filter((p) => under(e.instancePath, p)).sort((a, b) => b.length - a.length)[0];
      if (owner !== undefined) {
        const notes = branchNotes.get(owner) ?? [];
        if (notes.length < 3) notes.push(`${e.instancePath.slice(owner.length) || '(value)'} ${e.message ?? e.keyword}`);
        branchNotes.set(owner, notes);
        continue;
      }
      const m = this.mismatch(e, data, direction, e.keyword === 'anyOf' ? branchNotes.get(e.instancePath) : undefined);
      if (!m) continue;
      const id = `${m.path}|${m.kind}|${m.message}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ ...base, ...m, schemaPath: e.schemaPath });
    }
    return out;
  }

  private mismatch(e: ErrorObject, data: unknown, direction: 'response' | 'request', notes?: string[]): Pick<Mismatch, 'path' | 'kind' | 'message'> | undefined {
    const p = e.params as Record<string, any>;
    const got = (v: unknown) => {
      const s = JSON.stringify(v);
      return s === undefined ? 'nothing' : s.length > 80 ? `${s.slice(0, 77)}...` : s;
    };
    const value = at(data, e.instancePath);
    switch (e.keyword) {
      case 'required': {
        const property = this.propertySchema(e.parentSchema as Node | undefined, p.missingProperty);
        if (direction === 'request' && property?.readOnly) return undefined;
        if (direction === 'response' && property?.writeOnly) return undefined;
        return { path: `${e.instancePath}/${escapeToken(p.missingProperty)}`, kind: 'missing-required', message: `required property ${p.missingProperty} is missing` };
      }
      case 'type':
        return { path: e.instancePath, kind: 'type', message: `must be ${p.type}; got ${got(value)}` };
      case 'enum':
        return { path: e.instancePath, kind: 'enum', message: `must be one of ${got(p.allowedValues)}; got ${got(value)}` };
      case 'const':
        return { path: e.instancePath, kind: 'const', message: `must be ${got(p.allowedValue)}; got ${got(value)}` };
      case 'format':
        return { path: e.instancePath, kind: 'format', message: `must be a ${p.format}; got ${got(value)}` };
      case 'pattern':
        return { path: e.instancePath, kind: 'pattern', message: `must match ${p.pattern}; got ${got(value)}` };
      case 'additionalProperties':
        return { path: `${e.instancePath}/${escapeToken(p.additionalProperty)}`, kind: 'additional', message: `property ${p.additionalProperty} is not described` };
      case 'unevaluatedProperties':
        return { path: `${e.instancePath}/${escapeToken(p.unevaluatedProperty)}`, kind: 'additional', message: `property ${p.unevaluatedProperty} is not described` };
      case 'oneOf':
      case 'anyOf':
        return { path: e.instancePath, kind: 'oneOf', message: `${e.message ?? 'matches no member'}; got ${got(value)}${notes?.length ? ` (members: ${notes.join('; ')})` : ''}` };
      case 'discriminator': {
        const tagPath = `${e.instancePath}/${escapeToken(p.tag)}`;
        const tag = at(data, tagPath);
        if (p.error === 'tag') return tag === undefined ? { path: tagPath, kind: 'missing-required', message: `required tag ${p.tag} is missing` } : { path: tagPath, kind: 'type', message: `tag ${p.tag} must be a string; got ${got(tag)}` };
        return { path: tagPath, kind: 'enum', message: `tag ${p.tag} names no member (${got(tag)})` };
      }
      default:
        return { path: e.instancePath, kind: 'other', message: `${e.keyword}: ${e.message ?? ''}; got ${got(value)}` };
    }
  }

  /** The schema of a property of an object schema, through a `$ref`. */
  private propertySchema(parent: Node | undefined, name: string): Node | undefined {
    const property = parent?.properties?.[name];
    return property ? (follow(this.doc, property, '').node as Node | undefined) : undefined;
  }
}
