import { expect } from 'chai';
import { foldCase, queryTrigramWords, trigramWord, trigramWordsOf } from '../../../domain/search/codeTrigrams.js';

describe('code search trigrams', () => {
  it('writes each trigram as one word of letters a-p, two per UTF-8 byte', () => {
    expect(trigramWord('ort')).to.equal('gphche');
    expect(trigramWord('é a')).to.match(/^[a-p]{8}$/);
  });

  it("indexes a text's distinct trigrams, folded to lower case", () => {
    expect(trigramWordsOf('SortSort').sort()).to.deep.equal(['sor', 'ort', 'rts', 'tso'].map(trigramWord).sort());
    expect(trigramWordsOf('ab')).to.deep.equal([]);
  });

  it('asks for trigrams that cover the term, each of which the text holds', () => {
    const indexed = new Set(trigramWordsOf('export function sortGroup(items)'));
    const asked = queryTrigramWords('ortgrou');
    expect(asked).to.have.length(3);
    expect(asked.every((word) => indexed.has(word))).to.equal(true);
    expect(queryTrigramWords('ab')).to.deep.equal([]);
  });

  it('folds case without moving any offset', () => {
    const text = 'İstanbul ABC';
    expect(foldCase(text)).to.have.length(text.length);
    expect(foldCase(text).indexOf('abc')).to.equal(text.indexOf('ABC'));
  });
});
