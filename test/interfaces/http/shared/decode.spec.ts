import { expect } from 'chai';
import * as t from 'io-ts';
import { decodeInput } from '../../../../interfaces/http/shared/decode.js';

// A body as the routes' codecs describe them: objects within objects, lists of objects, unions.
const Author = t.type({ name: t.string, email: t.string });
const Body = t.intersection([
  t.type({ message: t.string, tree: t.string }),
  t.partial({
    author: Author,
    parents: t.array(t.string),
    entries: t.array(t.union([t.type({ path: t.string, sha: t.string }), t.type({ path: t.string, content: t.string })])),
    config: t.partial({ url: t.string, secret: t.union([t.string, t.null]) }),
  }),
]);

describe('request body decoding', () => {
  it('drops the fields a codec does not name, at every level: nested objects, list elements, union members', () => {
    const decoded = decodeInput(
      Body,
      {
        message: 'm',
        tree: 'abc',
        site_admin: true,
        author: { name: 'a', email: 'a@example.com', $set: { site_admin: true } },
        parents: ['p'],
        entries: [
          { path: 'x', sha: 's', mode: '100644', id: 9 },
          { path: 'y', content: 'c', _position: 1 },
        ],
        config: { url: 'https://example.com', secret: null, insecure: 'yes' },
      },
      'Commit',
    );
    expect(decoded).to.deep.equal({
      _tag: 'Right',
      right: {
        message: 'm',
        tree: 'abc',
        author: { name: 'a', email: 'a@example.com' },
        parents: ['p'],
        entries: [
          { path: 'x', sha: 's' },
          { path: 'y', content: 'c' },
        ],
        config: { url: 'https://example.com', secret: null },
      },
    });
  });

  it('refuses as before, naming the nested field at fault', () => {
    expect(decodeInput(Body, { message: 'm', tree: 'abc', author: { name: 'a' } }, 'Commit')).to.deep.equal({
      _tag: 'Left',
      left: [{ resource: 'Commit', field: 'author.email', code: 'missing_field' }],
    });
    expect(decodeInput(Body, { message: 'm', tree: 'abc', entries: [{ path: 1 }] }, 'Commit')).to.deep.include({ _tag: 'Left' });
  });

  it('refuses a body that is no object as a whole, in GitHub\'s words, not as a field named ""', () => {
    const cases: Array<[unknown, string]> = [
      [[], "For 'links/0/schema', [] is not an object."],
      ['text', `For 'links/0/schema', "text" is not an object.`],
      [123, "For 'links/0/schema', 123 is not an object."],
      [null, "For 'links/0/schema', nil is not an object."],
      ['x'.repeat(1000), `For 'links/0/schema', "${'x'.repeat(99)}... is not an object.`],
    ];
    for (const [body, message] of cases)
      expect(decodeInput(Body, body, 'Commit'), JSON.stringify(body).slice(0, 20)).to.deep.equal({
        _tag: 'Left',
        left: [{ resource: 'Commit', code: 'invalid', message }],
      });
  });

  it("refuses a list of wrong elements by its elements where a list is a body (an issue's labels)", () => {
    const Labels = t.union([t.type({ labels: t.array(t.string) }), t.array(t.string)]);
    expect(decodeInput(Labels, ['bug'], 'Label')).to.deep.equal({ _tag: 'Right', right: ['bug'] });
    const elements = decodeInput(Labels, [7], 'Label');
    expect(elements._tag === 'Left' && elements.left.map((item) => item.field)).to.include('0');
    const field = decodeInput(Labels, { labels: 7 }, 'Label');
    expect(field._tag === 'Left' && field.left.map((item) => item.field)).to.include('labels');
  });
});
