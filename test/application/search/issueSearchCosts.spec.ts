import { expect } from 'chai';
import { right } from 'fp-ts/lib/Either.js';
import { issueSearch } from '../../../application/search/issueSearch.js';
import { REPOSITORY_LANGUAGES_COLLECTION } from '../../../application/search/repositoryLanguages.js';
import type { QualifierContext } from '../../../application/search/searchEndpoint.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { BIG, examinedBy } from '../pageCostStore.js';

// Issue search's language: is one equality on the language each document carries (its
// repository's, rewritten when a push changes it): neither a read of the repositories of that
// language nor a filter listing their ids, however many there are.
describe('issue search look-up costs', () => {
  it("language: filters on the documents' language, not on the ids of the 3,000 repositories in it", async () => {
    const store = new EmbeddedReadModelStore();
    const languages = store.collection(REPOSITORY_LANGUAGES_COLLECTION);
    for (let n = 1; n <= BIG; n++)
      await languages.insertOne({ _id: String(n), repository_id: n, commit: 'c', bytes: {}, language: n % 2 === 0 ? 'rust' : 'go' });
    // The repositories of a language, as issue search used to ask for them.
    const context = {
      caller: null,
      accountId: async () => null,
      projectId: async () => null,
      repositoryIdsInLanguage: async (language: string) =>
        (await languages.find({ language: language.toLowerCase() })).map((document) => document.repository_id as number),
    } as QualifierContext;
    const term = { kind: 'qualifier', key: 'language', value: { kind: 'value', text: 'Rust' }, negated: false } as const;
    const { tested, answer } = await examinedBy(store, REPOSITORY_LANGUAGES_COLLECTION, () => issueSearch.qualifierFilter(term, context));
    expect(tested).to.equal(0);
    expect(answer).to.deep.equal(right({ field: 'language', op: '=', value: 'rust' }));
  });
});
