import { expect } from 'chai';
import { KeywordIndex } from '../../../infrastructure/shared/search/keywordIndex.js';

const words = (text: string) => () => text.split(' ');

describe('KeywordIndex', () => {
  it('scores a word found more often in a document of the same length higher (BM25)', () => {
    const index = new KeywordIndex(['body']);
    index.add('once', words('rocket fuel pump valve'));
    index.add('twice', words('rocket rocket pump valve'));
    index.add('none', words('garden plants pump valve'));
    const scores = Object.fromEntries(index.search(['rocket'], false, ['body']).map((match) => [match.key, match.score]));
    expect(Object.keys(scores).sort()).to.deep.equal(['once', 'twice']);
    expect(scores.twice).to.be.greaterThan(scores.once!);
  });

  it('keeps frequencies right when a word first found once per document is found twice, and after compaction', () => {
    const index = new KeywordIndex(['body']);
    for (let n = 0; n < 5000; n++) index.add(`doc-${n}`, words(`filler${n} rocket`));
    index.add('double', words('rocket rocket'));
    const before = index.search(['rocket'], false, ['body']);
    const scoreOf = (matches: typeof before, key: string) => matches.find((match) => match.key === key)!.score;
    expect(scoreOf(before, 'double')).to.be.greaterThan(scoreOf(before, 'doc-0'));
    // Removing most documents compacts the lists; the survivors keep their frequencies.
    for (let n = 1; n < 5000; n++) index.remove(`doc-${n}`);
    const after = index.search(['rocket'], false, ['body']);
    expect(after.map((match) => match.key).sort()).to.deep.equal(['doc-0', 'double']);
    expect(scoreOf(after, 'double')).to.be.greaterThan(scoreOf(after, 'doc-0'));
  });

  it('compacts after hundreds of thousands of removals, and reuses the numbers freed', function () {
    this.timeout(60_000);
    const index = new KeywordIndex(['body']);
    const many = 400_000;
    for (let n = 0; n < many; n++) index.add(`doc-${n}`, words('rocket'));
    // Compaction comes once the removed entries outnumber the live ones: 200,000 numbers freed at once.
    for (let n = 0; n < many - 1; n++) index.remove(`doc-${n}`);
    expect(index.search(['rocket'], false, ['body']).map((match) => match.key)).to.deep.equal([`doc-${many - 1}`]);
    index.add('again', words('rocket'));
    expect(sortedKeys(index, ['rocket'], false)).to.deep.equal(['again', `doc-${many - 1}`]);
  });

  it('finds and scores words held by one document (kept as its number alone) as those held by many', () => {
    const index = new KeywordIndex(['body']);
    for (let n = 0; n < 5000; n++) index.add(`doc-${n}`, words(`unique${n} shared`));
    index.add('twice', words('echo echo shared'));
    expect(sortedKeys(index, ['unique42'], false)).to.deep.equal(['doc-42']);
    expect(sortedKeys(index, ['unique499'], true)).to.deep.equal([
      'doc-499',
      'doc-4990',
      'doc-4991',
      'doc-4992',
      'doc-4993',
      'doc-4994',
      'doc-4995',
      'doc-4996',
      'doc-4997',
      'doc-4998',
      'doc-4999',
    ]);
    expect(sortedKeys(index, ['echo'], false)).to.deep.equal(['twice']);
    // A word held once by a document, then by a second: both found, the first still scored.
    index.add('doc-7-again', words('unique7 shared'));
    expect(sortedKeys(index, ['unique7', 'shared'], false)).to.deep.equal(['doc-7', 'doc-7-again']);
    index.remove('doc-7-again');
    expect(sortedKeys(index, ['unique7'], false)).to.deep.equal(['doc-7']);
    // Compaction drops removed documents' words; a word added again is found again.
    for (let n = 1; n < 5000; n++) index.remove(`doc-${n}`);
    expect(index.search(['unique42'], false, ['body'])).to.deep.equal([]);
    index.add('doc-42', words('unique42'));
    expect(sortedKeys(index, ['unique42'], false)).to.deep.equal(['doc-42']);
    expect(sortedKeys(index, ['shared'], false)).to.deep.equal(['doc-0', 'twice']);
  });
});

// The keys of the documents a search of `body` finds, sorted.
function sortedKeys(index: KeywordIndex, terms: string[], lastTermIsPrefix: boolean): string[] {
  return index
    .search(terms, lastTermIsPrefix, ['body'])
    .map((match) => match.key)
    .sort();
}
