import { expect } from 'chai';
import { apiUrls } from '../../../../interfaces/http/shared/apiUrls.js';
import { DependentEncodingCache, EncodingCache, PerBaseUrlCache } from '../../../../interfaces/http/shared/encodingCache.js';

describe('EncodingCache', () => {
  const urls = apiUrls('http://api.example');
  let encodings = 0;
  const encode = (document: { login: string }, base: ReturnType<typeof apiUrls>) => {
    encodings += 1;
    return { login: document.login, url: base.api(`/users/${document.login}`) };
  };

  beforeEach(() => {
    encodings = 0;
  });

  it('encodes a frozen document once per base URL and hands out the same frozen encoding', () => {
    const cache = new EncodingCache(encode);
    const document = Object.freeze({ login: 'octocat' });
    const first = cache.encoded(document, urls);
    expect(cache.encoded(document, urls)).to.equal(first);
    expect(Object.isFrozen(first)).to.equal(true);
    expect(first).to.deep.equal({ login: 'octocat', url: 'http://api.example/users/octocat' });
    const other = cache.encoded(document, apiUrls('http://other.example'));
    expect(other.url).to.equal('http://other.example/users/octocat');
    expect(encodings).to.equal(2);
  });

  it('never keeps the encoding of a document that is not frozen: it could change under the cache', () => {
    const cache = new EncodingCache(encode);
    const document = { login: 'octocat' };
    const first = cache.encoded(document, urls);
    document.login = 'renamed';
    const second = cache.encoded(document, urls);
    expect(second.login).to.equal('renamed');
    expect(Object.isFrozen(first)).to.equal(false);
    expect(encodings).to.equal(2);
  });

  it('stays within its limit: a full cache is emptied and encodes again', () => {
    const cache = new EncodingCache(encode, 2);
    const documents = ['a', 'b', 'c'].map((login) => Object.freeze({ login }));
    for (const document of documents) cache.encoded(document, urls);
    expect(encodings).to.equal(3);
    cache.encoded(documents[2]!, urls);
    expect(encodings).to.equal(3);
    cache.encoded(documents[0]!, urls);
    expect(encodings).to.equal(4);
  });
});

describe('PerBaseUrlCache', () => {
  it('keeps one frozen part per base URL and key, and builds again when the kept one no longer fits', () => {
    const cache = new PerBaseUrlCache<number, { login: string }>();
    const urls = apiUrls('http://api.example');
    let builds = 0;
    const partFor = (login: string) =>
      cache.kept(
        urls,
        7,
        () => ({ login: `${login}#${++builds}` }),
        (kept) => kept.login.startsWith(`${login}#`),
      );
    const first = partFor('octocat');
    expect(partFor('octocat')).to.equal(first);
    expect(Object.isFrozen(first)).to.equal(true);
    expect(partFor('renamed').login).to.equal('renamed#2');
    expect(cache.kept(apiUrls('http://other.example'), 7, () => ({ login: 'other' })).login).to.equal('other');
    expect(builds).to.equal(2);
  });
});

describe('DependentEncodingCache', () => {
  const label = (name: string) => Object.freeze({ name });

  it('hands out the kept frozen encoding while the document and every input are the same objects', () => {
    const cache = new DependentEncodingCache<{ number: number }, { number: number; labels: string[] }>();
    let encodings = 0;
    const issue = Object.freeze({ number: 1 });
    const encodeWith = (labels: readonly { name: string }[]) => () => {
      encodings += 1;
      return { number: issue.number, labels: labels.map((each) => each.name) };
    };
    const bug = label('bug');
    const first = cache.encoded(issue, ['o/r', bug], encodeWith([bug]));
    expect(Object.isFrozen(first)).to.equal(true);
    expect(cache.encoded(issue, ['o/r', bug], encodeWith([bug]))).to.equal(first);
    expect(encodings).to.equal(1);
    // A label renamed is a new document: the encoding is made again, and shows it.
    const renamed = label('defect');
    expect(cache.encoded(issue, ['o/r', renamed], encodeWith([renamed])).labels).to.deep.equal(['defect']);
    // A label gone (fewer inputs), a repository renamed (another value): made again too.
    expect(cache.encoded(issue, ['o/r'], encodeWith([])).labels).to.deep.equal([]);
    expect(cache.encoded(issue, ['o/renamed'], encodeWith([]))).to.not.equal(cache.encoded(issue, ['o/r'], encodeWith([])));
    expect(encodings).to.equal(5);
  });

  it('never keeps the encoding of a document that is not frozen, and stays within its limit', () => {
    const cache = new DependentEncodingCache<{ number: number }, { number: number }>(2);
    let encodings = 0;
    const encode = (document: { number: number }) => () => {
      encodings += 1;
      return { number: document.number };
    };
    const open = { number: 1 };
    const first = cache.encoded(open, [], encode(open));
    open.number = 2;
    expect(cache.encoded(open, [], encode(open)).number).to.equal(2);
    expect(Object.isFrozen(first)).to.equal(false);
    const documents = [1, 2, 3].map((number) => Object.freeze({ number }));
    for (const document of documents) cache.encoded(document, [], encode(document));
    cache.encoded(documents[2]!, [], encode(documents[2]!));
    expect(encodings).to.equal(5);
    cache.encoded(documents[0]!, [], encode(documents[0]!));
    expect(encodings).to.equal(6);
  });
});
