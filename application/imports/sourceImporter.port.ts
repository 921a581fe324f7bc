import type { LargeFile, LfsPreference, ProjectChoice, Vcs } from '../../domain/imports/sourceImport.events.js';

// The source side of an import, behind a port: reaching Git, Subversion and Mercurial
// addresses and turning what they hold into a bare Git repository in a workspace of the
// data directory (infrastructure/imports/gitSourceImporter.ts drives git, git-svn and
// git-remote-hg). Everything the port answers about a failure is a value; it throws only for
// faults of this server.
export interface SourceCredentials {
  readonly username: string;
  readonly password: string;
}

export interface SourceAddress {
  readonly url: string;
  readonly credentials: SourceCredentials | null;
}

export type Detection =
  | { readonly kind: 'found'; readonly vcs: Vcs }
  | { readonly kind: 'needs_auth' }
  | { readonly kind: 'nothing' }
  | { readonly kind: 'multiple'; readonly choices: readonly ProjectChoice[] };

// Why reading the source failed, in GitHub's terms: auth_failed, or an error with a message.
export interface SourceFailure {
  readonly kind: 'auth_failed' | 'error';
  readonly message: string;
}

export interface FetchProgress {
  readonly percent: number;
  readonly commitCount: number | null;
}

// An author as the history has it, before the import gives it an id.
export interface HistoryAuthor {
  readonly remoteId: string;
  readonly remoteName: string;
  readonly name: string;
  readonly email: string;
}

export interface FetchedHistory {
  readonly commitCount: number;
  readonly authors: readonly HistoryAuthor[];
  readonly largeFiles: readonly LargeFile[];
}

// An identity rewrite: every commit authored or committed as `from` shows `to`.
export interface IdentityMapping {
  readonly from: { readonly name: string; readonly email: string };
  readonly to: { readonly name: string; readonly email: string };
}

export interface Rewrite {
  readonly identities: readonly IdentityMapping[];
  readonly largeFiles: readonly LargeFile[];
  readonly useLfs: LfsPreference;
}

// The history ready to push: a bare repository and its refs (heads and tags only).
export interface PreparedHistory {
  readonly gitDir: string;
  readonly refs: Readonly<Record<string, string>>;
  // The source's HEAD branch, when it has one.
  readonly headBranch: string | null;
}

export interface SourceImporter {
  detect(address: SourceAddress, signal: AbortSignal): Promise<Detection | SourceFailure>;
  // The raw history of the source, kept in the repository's import workspace (replacing any
  // earlier fetch) so that later rewrites start from it.
  fetch(
    repositoryId: number,
    attempt: number,
    address: SourceAddress,
    source: { readonly vcs: Vcs; readonly tfvcProject: string | null },
    onProgress: (progress: FetchProgress) => void,
    signal: AbortSignal,
  ): Promise<FetchedHistory | SourceFailure>;
  // A copy of the fetched history with the identities mapped and large files as chosen.
  prepare(repositoryId: number, attempt: number, rewrite: Rewrite, signal: AbortSignal): Promise<PreparedHistory | SourceFailure>;
  // The workspace of a cancelled or deleted import.
  discard(repositoryId: number): Promise<void>;
}

export const isSourceFailure = (value: object): value is SourceFailure => 'kind' in value && (value.kind === 'auth_failed' || value.kind === 'error');
