import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';

// GitHub's own OpenAPI description: the reference subset, plus schemas the subset lacks
// (public-user, private-user...) extracted from the newest @octokit/openapi.
const fixtures = new URL('../../../test/fixtures/', import.meta.url);
const subset = JSON.parse(readFileSync(new URL('openapi-subset.json', fixtures), 'utf8'));
const latest = JSON.parse(readFileSync(new URL('openapi-latest-schemas.json', fixtures), 'utf8'));

// OpenAPI's `nullable` means "or null", but ajv refuses it without a `type` and lets an enum
// without null refuse the null GitHub sends (an open issue's state_reason): those two forms
// of the newest description are rewritten into plain JSON Schema.
function nullableAsJsonSchema(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
    delete schema.nullable;
    schema.anyOf = [...schema.anyOf, { type: 'null' }];
  }
  for (const child of Object.values(schema)) nullableAsJsonSchema(child);
}
nullableAsJsonSchema(latest);

// A known mistake of the subset's description (reference SCHEMAS.md): `event.payload` requires
// `action`, yet GitHub's PushEvent, CreateEvent, DeleteEvent, ForkEvent and PublicEvent carry none.
delete subset.components.schemas.event.properties.payload.required;

const ajv = new Ajv({ strict: false, allErrors: true });
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
addFormats(ajv);
ajv.addSchema(subset, 'subset');
ajv.addSchema(latest, 'latest');

const compiled = new Map<string, ValidateFunction>();

function validator(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

function schemaRef(name: string): string {
  if (subset.components.schemas[name]) return `subset#/components/schemas/${name}`;
  if (latest.components.schemas[name]) return `latest#/components/schemas/${name}`;
  throw new Error(`no schema named ${name} in the fixtures`);
}

export function expectSchema(name: string, body: unknown): void {
  expectValid(name, schemaRef(name), body);
}

// Against the newest description only, where the reference subset is out of date (its
// issue-comment lists author_association in lower case; GitHub sends OWNER).
export function expectLatestSchema(name: string, body: unknown): void {
  expectValid(name, `latest#/components/schemas/${name}`, body);
}

export function expectLatestArrayOf(name: string, body: unknown): void {
  expect(body).to.be.an('array');
  for (const item of body as unknown[]) expectLatestSchema(name, item);
}

function expectValid(name: string, ref: string, body: unknown): void {
  const validate = validator(ref);
  if (!validate(body)) expect.fail(`body does not match ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2)}`);
}

export function expectArrayOf(name: string, body: unknown): void {
  expect(body).to.be.an('array');
  for (const item of body as unknown[]) expectSchema(name, item);
}

type SchemaNode = Record<string, unknown>;

// A $ref the extract of the newest description lacks is looked up in the subset.
function resolved(document: SchemaNode, node: SchemaNode): SchemaNode {
  let current: SchemaNode | undefined = node;
  while (current && typeof current.$ref === 'string') {
    const path: string[] = (current.$ref as string).replace(/^#\//, '').split('/');
    const lookUp = (root: SchemaNode): SchemaNode | undefined => {
      let at: SchemaNode | undefined = root;
      for (const key of path) at = at?.[key] as SchemaNode | undefined;
      return at;
    };
    current = lookUp(document) ?? lookUp(subset as SchemaNode);
  }
  return current ?? {};
}

// The object schemas a node allows (allOf merged; for anyOf/oneOf, each object branch).
function objectSchemas(document: SchemaNode, node: SchemaNode): SchemaNode[] {
  const schema = resolved(document, node);
  if (Array.isArray(schema.allOf)) {
    const properties: Record<string, SchemaNode> = {};
    for (const part of schema.allOf as SchemaNode[]) for (const branch of objectSchemas(document, part)) Object.assign(properties, branch.properties ?? {});
    return [{ type: 'object', properties }];
  }
  const branches = (schema.anyOf ?? schema.oneOf) as SchemaNode[] | undefined;
  if (Array.isArray(branches)) return branches.flatMap((branch) => objectSchemas(document, branch));
  return schema.properties && typeof schema.properties === 'object' ? [schema] : [];
}

// Every key GitHub's schema lists for an object, required or not, that the body lacks, at
// every depth where the body has an object (or an array of objects) the schema describes.
// The newest description is the reference where it has the schema (it lists more keys).
export function missingSchemaKeys(name: string, body: unknown): string[] {
  const document = (latest.components.schemas[name] ? latest : subset) as SchemaNode;
  const missing: string[] = [];
  const walk = (node: SchemaNode, value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      const items = resolved(document, node).items as SchemaNode | undefined;
      if (items) value.forEach((item) => walk(items, item, `${path}[]`));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const [schema] = objectSchemas(document, node);
    if (!schema) return;
    for (const [key, child] of Object.entries(schema.properties as Record<string, SchemaNode>)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!(key in (value as object))) missing.push(at);
      else walk(child, (value as Record<string, unknown>)[key], at);
    }
  };
  walk({ $ref: `#/components/schemas/${name}` }, body, '');
  return [...new Set(missing.map((key) => key.replace(/\[\]/g, '[]')))];
}

// GitHub's event record. Its payload.comment and payload.issue are checked against the newest
// issue-comment and issue (the subset lists author_association in lower case and gives an
// issue's body as a string where GitHub sends null for an issue without one), the
// pull_request against pull-request, the rest against the subset's event.
export function expectEventSchema(event: any): void {
  const { comment, issue, pull_request: pullRequest, ...payload } = event.payload ?? {};
  expectSchema('event', { ...event, payload });
  if (comment !== undefined) expectLatestSchema('issue-comment', comment);
  if (issue !== undefined) expectLatestSchema('issue', issue);
  if (pullRequest !== undefined) expectLatestSchema('pull-request', pullRequest);
}

export function expectEventsSchema(body: unknown): void {
  expect(body).to.be.an('array');
  for (const event of body as unknown[]) expectEventSchema(event);
}

// GitHub's webhook payload schemas (@octokit/openapi-webhooks), loaded on first use (5 MB).
let webhooksLoaded = false;
export function expectWebhookSchema(name: string, body: unknown): void {
  if (!webhooksLoaded) {
    const webhooks = JSON.parse(
      readFileSync(new URL('../../../node_modules/@octokit/openapi-webhooks/generated/api.github.com.json', import.meta.url), 'utf8'),
    );
    nullableAsJsonSchema(webhooks);
    ajv.addSchema(webhooks, 'webhooks');
    webhooksLoaded = true;
  }
  expectValid(name, `webhooks#/components/schemas/webhook-${name}`, body);
}

const pointerSegment = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

export function declaresResponse(method: string, path: string, status: number): boolean {
  return subset.paths[path]?.[method]?.responses?.[String(status)] !== undefined;
}

// A response body against the schema its operation declares for that status (following a
// shared response's $ref): each projects operation names its own 422 body.
export function expectOperationResponse(method: string, path: string, status: number, body: unknown): void {
  const declared = subset.paths[path]?.[method]?.responses?.[String(status)];
  if (!declared) throw new Error(`${method} ${path} declares no ${status}`);
  // A status declared without content (204, 302, 304) has no body.
  if (declared.$ref === undefined && declared.content === undefined) {
    expect(body ?? '', `${method} ${path} ${status} has no body`).to.equal('');
    return;
  }
  const segments =
    typeof declared.$ref === 'string' ? declared.$ref.replace(/^#\//, '').split('/') : ['paths', path, method, 'responses', String(status)].map(pointerSegment);
  expectValid(`${method} ${path} ${status}`, `subset#/${segments.join('/')}/content/application~1json/schema`, body);
}
