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
