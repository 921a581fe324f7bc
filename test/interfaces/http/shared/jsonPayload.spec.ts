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
  it('keeps a small answer a string', () => {
    const { payload } = jsonPayload({ message: 'Not Found' });
    expect(payload).to.equal('{"message":"Not Found"}');
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
    // Lists of ten or more are written element by element; shorter ones in one piece.
    const long = (...items: unknown[]) => [...items, ...Array.from({ length: 10 }, (_, index) => ({ index }))];
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
      Object.assign(Object.create(null) as Record<string, unknown>, { bare: big }),
      'a string',
      42,
      null,
    ];
    for (const value of values) expectSameAsStringify(value);
    // A frozen element's text is kept: the same object gives the same bytes again.
    expectSameAsStringify(long(frozen));
  });
});
