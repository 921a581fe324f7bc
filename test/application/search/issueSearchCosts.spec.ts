import { expect } from 'chai';
import { REPOSITORY_LANGUAGE_INDEX, REPOSITORY_LANGUAGES_COLLECTION, RepositoryLanguageQuery } from '../../../application/search/repositoryLanguages.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { BIG, examinedBy } from '../pageCostStore.js';

// Issue search's language: resolves the language to its repositories when asked: the read
// costs the repositories of that language, not every repository's languages.
describe('issue search look-up costs', () => {
  it('reads the repositories of the language named through its index', async () => {
    const store = new EmbeddedReadModelStore();
    const languages = store.collection(REPOSITORY_LANGUAGES_COLLECTION);
    await languages.createIndexes([REPOSITORY_LANGUAGE_INDEX]);
    for (let n = 1; n <= BIG; n++) {
      const language = n % 1000 === 0 ? 'cobol' : n % 2 === 0 ? 'rust' : 'go';
      await languages.insertOne({ _id: String(n), repository_id: n, commit: 'c', bytes: {}, language });
    }
    const query = new RepositoryLanguageQuery(store);
    const { tested, answer } = await examinedBy(store, REPOSITORY_LANGUAGES_COLLECTION, () => query.repositoryIdsIn('COBOL'));
    expect([...answer].sort((a, b) => a - b)).to.deep.equal([1000, 2000, 3000]);
    expect(tested).to.be.at.most(3);
  });
});
