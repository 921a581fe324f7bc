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
});
