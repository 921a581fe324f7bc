import { expect } from 'chai';
import type { TestServer } from '../../../support/testServer.js';
import { expectSchema, missingSchemaKeys } from '../../../support/schemas.js';
import { settled } from '../activity/activityFixtures.js';
import type { ApiResponse } from '../repositories/repositoryFixtures.js';

export const TEXT_MATCH = 'application/vnd.github.text-match+json';

// A search once every index has caught up with the log (the indexing projections are eventual).
export async function search(server: TestServer, authorization: string | null, path: string, accept?: string): Promise<ApiResponse> {
  await settled(server);
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (accept) headers.accept = accept;
  const response = await fetch(`${server.url}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers };
}

// GitHub's search answer: the three keys, and items valid against the item schema with every
// key of it present.
// Keys GitHub sends only in some contexts (as test/interfaces/http/kernel/schemaKeys.spec.ts
// lists them): the caller's permissions (signed in only), text_matches (the text-match media
// type only), embedded accounts' name and email.
const ONLY_IN_SOME_CONTEXTS =
  /^((permissions|role_name|text_matches|owner\.starred_at)|(owner|user|assignee|author|committer|creator|closed_by|milestone\.creator|assignees|labels)(\.\w+)*\.(name|email))$/;

export function expectSearchBody(itemSchema: string, body: any, alsoMissing: RegExp | null = null): void {
  expect(body).to.have.keys('total_count', 'incomplete_results', 'items');
  expect(body.total_count).to.be.a('number');
  expect(body.incomplete_results).to.be.a('boolean');
  for (const item of body.items) {
    // The reference subset still says score is an integer; GitHub's newer description (and
    // GitHub) say number (DESIGN.md): everything else is held to the subset.
    expectSchema(itemSchema, { ...item, score: Math.round(item.score) });
    const missing = missingSchemaKeys(itemSchema, item).filter((key) => !ONLY_IN_SOME_CONTEXTS.test(key) && !(alsoMissing?.test(key) ?? false));
    expect(missing, `${itemSchema} keys`).to.deep.equal([]);
    expect(item.score).to.be.a('number');
  }
}

// Every text match's fragment, sliced by its indices, is the matched text.
export function expectTextMatchesConsistent(items: readonly any[]): number {
  let matches = 0;
  for (const item of items) {
    expect(item.text_matches, 'text_matches').to.be.an('array');
    for (const textMatch of item.text_matches) {
      expect(textMatch).to.include.keys('object_url', 'object_type', 'property', 'fragment', 'matches');
      for (const match of textMatch.matches) {
        expect(textMatch.fragment.slice(match.indices[0], match.indices[1])).to.equal(match.text);
        matches += 1;
      }
    }
  }
  return matches;
}

export const names = (body: any, key = 'full_name'): string[] => body.items.map((item: any) => item[key]);
