import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';

// GitHub's own OpenAPI description: the reference subset, plus schemas the subset lacks
// (public-user, private-user...) extracted from the newest @octokit/openapi.
const fixtures = new URL('../../../test/fixtures/', import.meta.url);
const subset = JSON.parse(readFileSync(new URL('openapi-subset.json', fixtures), 'utf8'));
const latest = JSON.parse(readFileSync(new URL('openapi-latest-schemas.json', fixtures), 'utf8'));

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
  const validate = validator(schemaRef(name));
  if (!validate(body)) expect.fail(`body does not match ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2)}`);
}

export function expectArrayOf(name: string, body: unknown): void {
  expect(body).to.be.an('array');
  for (const item of body as unknown[]) expectSchema(name, item);
}
