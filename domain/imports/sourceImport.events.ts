import type { DomainEvent } from '../shared/event.js';

// A source import's life, one stream per repository (`source-import-<repositoryId>`), as the
// seed's status machine has it. Each start or restart is a new attempt: the background process
// of an attempt finds out from the stream whether it is still the current one.
export type Vcs = 'git' | 'subversion' | 'mercurial' | 'tfvc';
export const VCS_NAMES: readonly Vcs[] = ['git', 'subversion', 'mercurial', 'tfvc'];
export type LfsPreference = 'undecided' | 'opt_in' | 'opt_out';

export interface ProjectChoice {
  readonly vcs: Vcs;
  readonly tfvcProject?: string;
  readonly humanName: string;
}

// An author as collected from the history: remoteId names it in the source (an email, or
// `user@<svn uuid>`), remoteName as the source wrote it; name and email what the pushed history shows.
export interface ImportAuthor {
  readonly id: number;
  readonly remoteId: string;
  readonly remoteName: string;
  readonly name: string;
  readonly email: string;
}

export interface LargeFile {
  readonly refName: string;
  readonly path: string;
  readonly oid: string;
  readonly size: number;
}

// What a failed attempt tells: GitHub's `failed_step`, `error_message` and `human_name`.
export type ImportFailureStatus = 'auth_failed' | 'error';
export type DetectionFailureStatus = 'detection_needs_auth' | 'detection_found_nothing' | 'detection_found_multiple';

interface Source {
  readonly vcsUrl: string;
  readonly vcs: Vcs | null;
  readonly tfvcProject: string | null;
  // The source's username and password, encrypted (SecretCipher): never in the clear.
  readonly credentialsCiphertext: string | null;
}

type Of<Type extends string, Data> = DomainEvent<Type, Data & { readonly repositoryId: number }>;

export type ImportStarted = Of<'ImportStarted', Source & { readonly attempt: number; readonly startedAt: string }>;
// PATCH .../import: new credentials or a project choice, or nothing: the import starts over.
// `startsDetecting`: the restart reports `detecting` though the vcs is known (new credentials;
// absent from restarts recorded before it was: those went straight to `importing`).
export type ImportRestarted = Of<'ImportRestarted', Source & { readonly attempt: number; readonly startsDetecting?: boolean; readonly restartedAt: string }>;
export type ImportDetected = Of<'ImportDetected', { readonly attempt: number; readonly vcs: Vcs }>;
export type ImportDetectionFailed = Of<
  'ImportDetectionFailed',
  { readonly attempt: number; readonly status: DetectionFailureStatus; readonly projectChoices: readonly ProjectChoice[] }
>;
export type ImportProgressed = Of<'ImportProgressed', { readonly attempt: number; readonly percent: number; readonly commitCount: number | null }>;
// The raw history is in: its authors and large files are known; mapping may begin.
export type ImportFetched = Of<
  'ImportFetched',
  { readonly attempt: number; readonly commitCount: number; readonly authors: readonly ImportAuthor[]; readonly largeFiles: readonly LargeFile[] }
>;
// Large files and no preference yet: the push waits for PATCH .../lfs.
export type ImportAwaitingLfsChoice = Of<'ImportAwaitingLfsChoice', { readonly attempt: number }>;
export type ImportPushStarted = Of<'ImportPushStarted', { readonly attempt: number }>;
export type ImportPushProgressed = Of<'ImportPushProgressed', { readonly attempt: number; readonly pushPercent: number }>;
// The repository holds the history: refs as pushed (compared before a later rewrite).
export type ImportCompleted = Of<
  'ImportCompleted',
  { readonly attempt: number; readonly refs: Readonly<Record<string, string>>; readonly completedAt: string }
>;
export type ImportFailed = Of<
  'ImportFailed',
  { readonly attempt: number; readonly status: ImportFailureStatus; readonly failedStep: string; readonly message: string; readonly humanName: string }
>;
export type ImportCancelled = Of<'ImportCancelled', { readonly attempt: number; readonly cancelledAt: string }>;
export type ImportAuthorMapped = Of<'ImportAuthorMapped', { readonly author: ImportAuthor }>;
export type ImportLfsPreferenceSet = Of<'ImportLfsPreferenceSet', { readonly useLfs: LfsPreference }>;
// After completion, a mapping or a new large-file preference rewrites the history and pushes again.
export type ImportRewriteStarted = Of<'ImportRewriteStarted', { readonly attempt: number }>;

export type SourceImportEvent =
  | ImportStarted
  | ImportRestarted
  | ImportDetected
  | ImportDetectionFailed
  | ImportProgressed
  | ImportFetched
  | ImportAwaitingLfsChoice
  | ImportPushStarted
  | ImportPushProgressed
  | ImportCompleted
  | ImportFailed
  | ImportCancelled
  | ImportAuthorMapped
  | ImportLfsPreferenceSet
  | ImportRewriteStarted;

export const SOURCE_IMPORT_EVENT_TYPES: ReadonlySet<string> = new Set<SourceImportEvent['type']>([
  'ImportStarted',
  'ImportRestarted',
  'ImportDetected',
  'ImportDetectionFailed',
  'ImportProgressed',
  'ImportFetched',
  'ImportAwaitingLfsChoice',
  'ImportPushStarted',
  'ImportPushProgressed',
  'ImportCompleted',
  'ImportFailed',
  'ImportCancelled',
  'ImportAuthorMapped',
  'ImportLfsPreferenceSet',
  'ImportRewriteStarted',
]);

// The events that set an attempt going: the import process starts from each.
export const IMPORT_ATTEMPT_EVENT_TYPES: ReadonlySet<string> = new Set<SourceImportEvent['type']>(['ImportStarted', 'ImportRestarted', 'ImportRewriteStarted']);

export const sourceImportStream = (repositoryId: number): string => `source-import-${repositoryId}`;
