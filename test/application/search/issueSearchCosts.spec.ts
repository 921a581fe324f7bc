import { expect } from 'chai';
import { REPOSITORY_LANGUAGE_INDEX, REPOSITORY_LANGUAGES_COLLECTION, RepositoryLanguageQuery } from '../../../application/search/repositoryLanguages.js';
import { REPOSITORIES_COLLECTION } from '../../../application/repositories/repositories.readModel.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { repositoriesProjection } from '../../../projections/repositories/repositories.projection.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { BIG, examinedBy } from '../pageCostStore.js';

// Issue search resolves what its documents do not hold when asked: each read costs the
// repositories it answers, not every repository.
//
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

  it('reads the repositories whose issues are turned off through an index', async () => {
    const store = new EmbeddedReadModelStore();
    const repositories = store.collection(REPOSITORIES_COLLECTION);
    await repositories.createIndexes(repositoriesProjection.collections.find((collection) => collection.name === REPOSITORIES_COLLECTION)!.indexes!);
    for (let n = 1; n <= BIG; n++) await repositories.insertOne({ _id: String(n), id: n, owner_id: 1, name_key: `r${n}`, has_issues: n % 1000 !== 0 });
    const { tested, answer } = await examinedBy(store, REPOSITORIES_COLLECTION, () => new RepositoryQueries(store).idsWithIssuesOff());
    expect([...answer].sort((a, b) => a - b)).to.deep.equal([1000, 2000, 3000]);
    expect(tested).to.be.at.most(3);
  });
});
