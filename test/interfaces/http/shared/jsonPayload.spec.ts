import { expect } from 'chai';
import { jsonPayload, LARGE_BODY_CHARACTERS } from '../../../../interfaces/http/shared/jsonPayload.js';

function text(payload: string | Buffer): string {
  return typeof payload === 'string' ? payload : payload.toString('utf8');
}

function expectSameAsStringify(value: unknown): void {
  const { payload, byteLength } = jsonPayload(value);
  const expected = JSON.stringify(value);
  expect(text(payload)).to.equal(expected);
  expect(byteLength).to.equal(Buffer.byteLength(expected));
}

const issue = (number: number) => ({
  id: number,
  title: `Issue ${number} — “quoted” \u2028 line`,
  body: 'é'.repeat(300),
  user: { login: 'octocat', id: 1 },
  labels: [{ name: 'bug' }],
  closed_at: null,
  skipped: undefined,
  created_at: new Date(Date.UTC(2026, 0, number % 28)),
});

describe('jsonPayload: the bytes JSON.stringify would give', () => {
  it("makes a frozen element's bytes once, and gives a list of them an ETag that follows its content", () => {
    let reads = 0;
    const counted = (number: number) =>
      Object.freeze(
        Object.defineProperty({ ...issue(number) }, 'title', {
          enumerable: true,
          get: () => {
            reads += 1;
            return `Issue ${number}`;
          },
        }),
      );
    const page = Array.from({ length: 100 }, (_, index) => counted(index));
    const first = jsonPayload(page);
    expect(text(first.payload)).to.equal(JSON.stringify(page));
    reads = 0;
    const again = jsonPayload(page);
    expect(reads).to.equal(0);
    expect(text(again.payload)).to.equal(text(first.payload));
    expect(first.etag).to.match(/^W\/"[0-9a-f]{64}"$/);
    expect(again.etag).to.equal(first.etag);
    // The same elements in a new list (a page served again): the kept bytes themselves.
    expect(jsonPayload([...page]).payload).to.equal(first.payload);
    // The same content in other objects: the same ETag; one element changed: another.
    expect(jsonPayload(Array.from({ length: 100 }, (_, index) => counted(index))).etag).to.equal(first.etag);
    const changed = [...page.slice(0, 99), Object.freeze({ ...issue(99), title: 'changed' })];
    expect(jsonPayload(changed).etag).to.not.equal(first.etag);
    expect(text(jsonPayload(changed).payload)).to.equal(JSON.stringify(changed));
    expect(text(jsonPayload(page.slice(0, 99)).payload)).to.equal(JSON.stringify(page.slice(0, 99)));
    expect(jsonPayload({ total_count: 100, items: page }).etag).to.not.equal(first.etag);
    // No kept element: the ETag is left to the bytes' digest (jsonResponse.ts).
    expect(jsonPayload(Array.from({ length: 100 }, (_, index) => issue(index))).etag).to.equal(undefined);
  });

  it('keeps a small answer a string, short lists included', () => {
    expect(jsonPayload({ message: 'Not Found' }).payload).to.equal('{"message":"Not Found"}');
    const labels = Array.from({ length: 30 }, (_, index) => ({ id: index, name: `label ${index}` }));
    expect(jsonPayload(labels).payload).to.equal(JSON.stringify(labels));
  });

  it('refuses an answer with no JSON text, as before', () => {
    expect(() => jsonPayload(() => 1)).to.throw(TypeError);
  });

  it('writes a large list as one Buffer with the same bytes, multi-byte characters included', () => {
    const issues = Array.from({ length: 100 }, (_, index) => issue(index));
    const { payload } = jsonPayload(issues);
    expect(Buffer.isBuffer(payload)).to.equal(true);
    expect(JSON.stringify(issues).length).to.be.above(LARGE_BODY_CHARACTERS);
    expectSameAsStringify(issues);
  });

  it('writes a search answer (an object holding a large list) the same way', () => {
    const answer = { total_count: 100, incomplete_results: false, items: Array.from({ length: 100 }, (_, index) => issue(index)), skipped: undefined };
    expect(Buffer.isBuffer(jsonPayload(answer).payload)).to.equal(true);
    expectSameAsStringify(answer);
  });

  it('follows JSON.stringify on what it leaves out or writes as null, nested lists, toJSON and frozen elements', () => {
    const big = 'x'.repeat(LARGE_BODY_CHARACTERS);
    const frozen = Object.freeze({ kept: true, text: big });
    // Lists long enough are written element by element; shorter ones in one piece.
    const long = (...items: unknown[]) => [...Array.from({ length: 10 }, (_, index) => ({ index, big })), ...items];
    const values: unknown[] = [
      [],
      {},
      long(),
      [undefined, () => 1, Symbol('s'), null, Number.NaN, big],
      long(undefined, () => 1, Symbol('s'), null, Number.NaN, big),
      { a: undefined, b: () => 1, c: Symbol('s'), d: long(long(1, long(2, [3])), big), 1: 'integer keys first' },
      { when: new Date(0), toJSONs: long({ toJSON: () => 'custom' }), big },
      { toJSON: () => ({ replaced: long(big) }) },
      long(frozen, frozen),
      // A toJSON is given its key (an index, a property name), or leaves its property out.
      long({ toJSON: (key: string) => `at ${key}` }),
      Array.from({ length: 12 }, () => ({ toJSON: (key: string) => `at ${key}`, big })),
      { items: long(), keyed: { toJSON: (key: string) => key }, gone: { toJSON: () => undefined }, kept: 1 },
      long(Object.freeze({ toJSON: () => undefined })),
      Object.assign(long(), { toJSON: () => 'the list replaced' }),
      { items: long(), f: Object.assign(() => 1, { toJSON: () => 'a function with toJSON' }) },
      long(new Date(0), [1, , 3]),
      Object.assign(Object.create(null) as Record<string, unknown>, { bare: big }),
      'a string',
      42,
      null,
    ];
    for (const value of values) expectSameAsStringify(value);
    expectSameAsStringify(long(frozen));
  });
});
