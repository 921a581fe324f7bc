import type { CommitRecord } from '../shared/ports/gitStorage.port.js';
import type { SearchDocument } from '../shared/ports/searchIndex.port.js';
import { indexedTime, type RepositoryBound } from './searchIndexes.js';

// One commit of a repository's default branch in the commits index
// (projections/search/commitSearch.projection.ts keeps them, GET /search/commits reads them):
// what GitHub's item shows, straight from the commit, and what the qualifiers filter on.
export interface CommitSearchDocument extends SearchDocument, RepositoryBound {
  id: string; // `${repository_id}-${hash}`
  // The repository is a fork: left out unless the query asks for forks.
  fork: boolean;
  hash: string;
  tree: string;
  parents: string[];
  message: string;
  author_name: string;
  author_email: string;
  author_date: number; // ms since the epoch: ranges and sorts
  author_date_text: string; // ISO 8601 with the commit's offset, as shown
  committer_name: string;
  committer_email: string;
  committer_date: number;
  committer_date_text: string;
  // The account whose email the identity carries, resolved when the commit was indexed.
  author_id: number | null;
  committer_id: number | null;
  merge: boolean;
  // author-name:/committer-name: match words of the name, case-insensitively.
  author_name_words: string[];
  committer_name_words: string[];
  // hash:, parent:, tree: take a full name or an abbreviation of at least seven characters:
  // every such prefix is a value, so the qualifiers are equality filters on any adapter.
  hash_prefixes: string[];
  parent_prefixes: string[];
  tree_prefixes: string[];
  // The log position of the event that last wrote the document: a reindex of a repository
  // removes what it did not write.
  generation: number;
}

export const SHORTEST_ABBREVIATION = 7;

export const commitDocumentId = (repositoryId: number, sha: string): string => `${repositoryId}-${sha}`;

export function nameWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word !== ''),
    ),
  ];
}

export function abbreviations(sha: string): string[] {
  const prefixes: string[] = [];
  for (let length = SHORTEST_ABBREVIATION; length <= sha.length; length++) prefixes.push(sha.slice(0, length));
  return prefixes;
}

export interface CommitIndexing {
  readonly repository: RepositoryBound & { readonly fork: boolean };
  readonly accountIdByEmail: ReadonlyMap<string, number>;
  readonly generation: number;
}

export function commitDocument(commit: CommitRecord, { repository, accountIdByEmail, generation }: CommitIndexing): CommitSearchDocument {
  return {
    id: commitDocumentId(repository.repository_id, commit.sha),
    repository_id: repository.repository_id,
    owner_id: repository.owner_id,
    public: repository.public,
    fork: repository.fork,
    hash: commit.sha,
    tree: commit.tree,
    parents: [...commit.parents],
    // git ends a message with a newline; GitHub shows it without.
    message: commit.message.replace(/\n+$/, ''),
    author_name: commit.author.name,
    author_email: commit.author.email,
    author_date: indexedTime(commit.author.date) ?? 0,
    author_date_text: commit.author.date,
    committer_name: commit.committer.name,
    committer_email: commit.committer.email,
    committer_date: indexedTime(commit.committer.date) ?? 0,
    committer_date_text: commit.committer.date,
    author_id: accountIdByEmail.get(commit.author.email.toLowerCase()) ?? null,
    committer_id: accountIdByEmail.get(commit.committer.email.toLowerCase()) ?? null,
    merge: commit.parents.length > 1,
    author_name_words: nameWords(commit.author.name),
    committer_name_words: nameWords(commit.committer.name),
    hash_prefixes: abbreviations(commit.sha),
    parent_prefixes: commit.parents.flatMap(abbreviations),
    tree_prefixes: abbreviations(commit.tree),
    generation,
  };
}
