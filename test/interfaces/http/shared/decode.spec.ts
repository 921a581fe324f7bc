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
});
