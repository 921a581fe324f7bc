import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';

// The newest `issue` and `issue-comment` schemas cannot be used through test/support/schemas.ts as it stands:
// OpenAPI's `nullable` means "or null", but ajv refuses it without a `type`
// (issue-field-value.value) and lets an `enum` without null refuse the null GitHub sends
// (state_reason: null on every open issue). Here the fixture is read as it is and those two
// forms are rewritten into plain JSON Schema before validating against GitHub's `issue`.
const fixtures = new URL('../../../../../test/fixtures/', import.meta.url);
const latest = JSON.parse(readFileSync(new URL('openapi-latest-schemas.json', fixtures), 'utf8'));

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
(addFormatsModule as unknown as (ajv: Ajv) => Ajv)(ajv);
ajv.addSchema(latest, 'latest');
const compiled = new Map<string, ValidateFunction>();

// Against the newest description only: the reference subset's issue-comment still lists
// author_association in lower case, while GitHub sends (and the newest description says) OWNER.
export function expectLatestSchema(name: 'issue' | 'issue-comment', body: unknown): void {
  let validate = compiled.get(name);
  if (!validate) compiled.set(name, (validate = ajv.compile({ $ref: `latest#/components/schemas/${name}` })));
  if (!validate(body)) expect.fail(`body does not match ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2)}`);
}

export const expectIssueSchema = (body: unknown): void => expectLatestSchema('issue', body);

export function expectLatestArrayOf(name: 'issue' | 'issue-comment', body: unknown): void {
  expect(body).to.be.an('array');
  for (const item of body as unknown[]) expectLatestSchema(name, item);
}

export const expectIssueArray = (body: unknown): void => expectLatestArrayOf('issue', body);
