import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { importValidation, type ImportsError } from './imports.errors.js';
import type {
  DetectionFailureStatus,
  ImportAuthor,
  ImportFailureStatus,
  LargeFile,
  LfsPreference,
  ProjectChoice,
  SourceImportEvent,
  Vcs,
} from './sourceImport.events.js';

// GitHub's `status` words, in the order an import goes through them, then the error states.
export type ImportStatus = 'detecting' | 'importing' | 'mapping' | 'waiting_to_push' | 'pushing' | 'complete' | ImportFailureStatus | DetectionFailureStatus;

const RUNNING: ReadonlySet<ImportStatus> = new Set(['detecting', 'importing', 'mapping', 'waiting_to_push', 'pushing']);
const STOPPED: ReadonlySet<ImportStatus> = new Set(['auth_failed', 'error', 'detection_needs_auth', 'detection_found_nothing', 'detection_found_multiple']);

export interface SourceImport {
  readonly repositoryId: number;
  readonly attempt: number;
  readonly status: ImportStatus;
  readonly vcsUrl: string;
  readonly vcs: Vcs | null;
  readonly tfvcProject: string | null;
  readonly credentialsCiphertext: string | null;
  readonly useLfs: LfsPreference;
  readonly percent: number | null;
  readonly commitCount: number | null;
  readonly pushPercent: number | null;
  readonly authors: readonly ImportAuthor[];
  readonly largeFiles: readonly LargeFile[];
  readonly failure: { readonly failedStep: string; readonly message: string; readonly humanName: string } | null;
  readonly projectChoices: readonly ProjectChoice[];
  // What the last completed push left on each ref: a rewrite is refused once they moved.
  readonly pushedRefs: Readonly<Record<string, string>> | null;
  // The authors of the attempt before a restart: a remote author found again keeps its id and
  // its mapping, so a restart does not undo the mapping done.
  readonly earlierAuthors: readonly ImportAuthor[];
}

// No import (never started, or cancelled): the attempt number keeps counting, so a process of
// a cancelled attempt cannot mistake a new one for its own.
export type SourceImportState = { readonly kind: 'none'; readonly lastAttempt: number } | { readonly kind: 'present'; readonly import: SourceImport };

interface SourceInput {
  readonly vcsUrl: string;
  readonly vcs: Vcs | null;
  readonly tfvcProject: string | null;
  readonly credentialsCiphertext: string | null;
}

export type SourceImportCommand =
  | ({ readonly type: 'StartImport'; readonly repositoryId: number; readonly repositoryEmpty: boolean; readonly now: Date } & SourceInput)
  | {
      readonly type: 'UpdateImport';
      readonly vcs?: Vcs;
      readonly tfvcProject?: string;
      readonly credentialsCiphertext?: string;
      // Whether the repository's branches and tags are still what the import pushed: a
      // completed import restarts only then, as a rewrite does.
      readonly refsUnchanged: boolean;
      readonly now: Date;
    }
  | { readonly type: 'CancelImport'; readonly now: Date }
  | { readonly type: 'MapAuthor'; readonly authorId: number; readonly name?: string; readonly email?: string; readonly refsUnchanged: boolean }
  | { readonly type: 'SetLfsPreference'; readonly useLfs: 'opt_in' | 'opt_out'; readonly refsUnchanged: boolean }
  // The background process's reports, each for its attempt.
  | { readonly type: 'RecordDetection'; readonly attempt: number; readonly vcs: Vcs }
  | {
      readonly type: 'RecordDetectionFailure';
      readonly attempt: number;
      readonly status: DetectionFailureStatus;
      readonly projectChoices: readonly ProjectChoice[];
    }
  | { readonly type: 'RecordProgress'; readonly attempt: number; readonly percent: number; readonly commitCount: number | null }
  | {
      readonly type: 'RecordFetched';
      readonly attempt: number;
      readonly commitCount: number;
      readonly authors: readonly ImportAuthor[];
      readonly largeFiles: readonly LargeFile[];
    }
  | { readonly type: 'AwaitLfsChoice'; readonly attempt: number }
  | { readonly type: 'StartPush'; readonly attempt: number }
  | { readonly type: 'RecordPushProgress'; readonly attempt: number; readonly pushPercent: number }
  | { readonly type: 'CompleteImport'; readonly attempt: number; readonly refs: Readonly<Record<string, string>>; readonly now: Date }
  | {
      readonly type: 'FailImport';
      readonly attempt: number;
      readonly status: ImportFailureStatus;
      readonly failedStep: string;
      readonly message: string;
      readonly humanName: string;
    };

export const isImportRunning = (status: ImportStatus): boolean => RUNNING.has(status);

function freshImport(
  repositoryId: number,
  attempt: number,
  source: SourceInput,
  useLfs: LfsPreference,
  earlierAuthors: readonly ImportAuthor[] = [],
  restart: { readonly startsDetecting: boolean; readonly pushedRefs: Readonly<Record<string, string>> | null } = { startsDetecting: false, pushedRefs: null },
): SourceImport {
  return {
    repositoryId,
    attempt,
    status: source.vcs === null || restart.startsDetecting ? 'detecting' : 'importing',
    ...source,
    useLfs,
    percent: null,
    commitCount: null,
    pushPercent: null,
    authors: [],
    largeFiles: [],
    failure: null,
    projectChoices: [],
    pushedRefs: restart.pushedRefs,
    earlierAuthors,
  };
}

function evolvePresent(current: SourceImport, event: SourceImportEvent): SourceImport {
  switch (event.type) {
    case 'ImportDetected':
      return { ...current, vcs: event.data.vcs, status: 'importing' };
    case 'ImportDetectionFailed':
      return { ...current, status: event.data.status, projectChoices: event.data.projectChoices };
    case 'ImportProgressed':
      return { ...current, percent: event.data.percent, commitCount: event.data.commitCount ?? current.commitCount };
    case 'ImportFetched': {
      const { commitCount, authors, largeFiles } = event.data;
      return { ...current, status: 'mapping', percent: 100, commitCount, authors, largeFiles };
    }
    case 'ImportAwaitingLfsChoice':
      return { ...current, status: 'waiting_to_push' };
    case 'ImportPushStarted':
      return { ...current, status: 'pushing', pushPercent: 0 };
    case 'ImportPushProgressed':
      return { ...current, pushPercent: event.data.pushPercent };
    case 'ImportCompleted':
      // The credentials stay (encrypted) while the import does: a restart of a completed
      // import (a PATCH, even without parameters) reads the source again with them.
      return { ...current, status: 'complete', pushPercent: 100, pushedRefs: event.data.refs };
    case 'ImportFailed': {
      const { status, failedStep, message, humanName } = event.data;
      return { ...current, status, failure: { failedStep, message, humanName } };
    }
    case 'ImportAuthorMapped':
      return { ...current, authors: current.authors.map((author) => (author.id === event.data.author.id ? event.data.author : author)) };
    case 'ImportLfsPreferenceSet':
      return { ...current, useLfs: event.data.useLfs };
    case 'ImportRewriteStarted':
      return { ...current, attempt: event.data.attempt, status: 'mapping', pushPercent: null, failure: null };
    default:
      return current;
  }
}

function reported(state: SourceImportState, attempt: number, expected: readonly ImportStatus[]): Either<ImportsError, SourceImport> {
  if (state.kind !== 'present' || state.import.attempt !== attempt || !expected.includes(state.import.status)) return left({ _tag: 'ImportAttemptSuperseded' });
  return right(state.import);
}

const of = <E extends SourceImportEvent>(event: E): Either<ImportsError, readonly SourceImportEvent[]> => right([event]);
const nothing: Either<ImportsError, readonly SourceImportEvent[]> = right([]);

// A mapped author is written into commits as `name <email>` (and into a mailmap for a
// rewrite): an email is one address, a name a line without the brackets that end it.
const EMAIL = /^[^\s<>@]+@[^\s<>@]+$/;
function unusableIdentity(name: string | undefined, email: string | undefined): ImportsError | null {
  if (email !== undefined && !EMAIL.test(email)) return importValidation('email', 'invalid', `${JSON.stringify(email)} is not an email address`);
  if (name !== undefined && (name.trim() === '' || /[<>\x00-\x1f]/.test(name)))
    return importValidation('name', 'invalid', 'A name is a line of text without < or >');
  return null;
}

// A remote author is its remote id and name together: one address can stand for several
// authors (a person under two names; Mercurial users without an address are all <unknown>).
const remoteIdentity = (author: ImportAuthor): string => `${author.remoteId}\0${author.remoteName}`;

// A push that failed after moving some branches or tags cannot be tried again over them.
const pushLeftRefs = importValidation(
  'repository',
  'custom',
  'The push that failed left branches or tags in the repository: it cannot be tried again over them',
);

// A rewrite after completion replaces what the import pushed: refused once somebody else
// pushed, so nothing of theirs is lost.
// Whether the import ended in an error while pushing: what it fetched is still there to push.
const failedPushing = (current: SourceImport): boolean => current.status === 'error' && current.failure?.failedStep === 'pushing';

const historyMovedOn = importValidation('repository', 'custom', 'The repository has new commits since the import: its history can no longer be rewritten');

function decidePresent(command: SourceImportCommand, current: SourceImport): Either<ImportsError, readonly SourceImportEvent[]> {
  const repositoryId = current.repositoryId;
  switch (command.type) {
    case 'StartImport':
      if (!command.repositoryEmpty && current.status === 'complete')
        return left(importValidation('repository', 'custom', 'The repository must be empty to start an import'));
      if (isImportRunning(current.status)) return left(importValidation('repository', 'custom', 'An import is already in progress for this repository'));
      return decideStart(command, current.attempt);
    case 'UpdateImport': {
      // GitHub restarts an import on any update, one without parameters included: a completed
      // one too, whose new push replaces what the import pushed (refused once they moved).
      if (current.status === 'complete' && !command.refsUnchanged) return left(historyMovedOn);
      const data = {
        repositoryId,
        attempt: current.attempt + 1,
        vcsUrl: current.vcsUrl,
        vcs: command.vcs ?? current.vcs,
        tfvcProject: command.tfvcProject ?? current.tfvcProject,
        credentialsCiphertext: command.credentialsCiphertext ?? current.credentialsCiphertext,
        // GitHub's example answers: to new credentials `detecting` (the vcs kept); to a project
        // choice (naming the vcs) and to a restart without parameters `importing`.
        startsDetecting: command.vcs === undefined && command.credentialsCiphertext !== undefined,
        restartedAt: command.now.toISOString(),
      };
      return of({ type: 'ImportRestarted', data });
    }
    case 'CancelImport':
      return of({ type: 'ImportCancelled', data: { repositoryId, attempt: current.attempt, cancelledAt: command.now.toISOString() } });
    case 'MapAuthor': {
      const author = current.authors.find((candidate) => candidate.id === command.authorId);
      if (!author) return left({ _tag: 'ImportAuthorNotFound' });
      const unusable = unusableIdentity(command.name, command.email);
      if (unusable) return left(unusable);
      if (current.status === 'pushing') return left(importValidation('author', 'custom', 'The import is pushing: map authors once it is complete'));
      if (current.status === 'complete' && !command.refsUnchanged) return left(historyMovedOn);
      const mapped: ImportAuthor = { ...author, name: command.name ?? author.name, email: command.email ?? author.email };
      const unchanged = mapped.name === author.name && mapped.email === author.email;
      if (unchanged && !failedPushing(current)) return nothing;
      // As a large-file choice: a push that failed (a rewrite without git filter-repo, say) is
      // tried again with the mapping, from what was fetched; the same mapping sent again (the
      // tool since installed) tries it again as it was.
      if (failedPushing(current) && !command.refsUnchanged) return left(pushLeftRefs);
      const events: SourceImportEvent[] = unchanged ? [] : [{ type: 'ImportAuthorMapped', data: { repositoryId, author: mapped } }];
      if (current.status === 'complete' || failedPushing(current))
        events.push({ type: 'ImportRewriteStarted', data: { repositoryId, attempt: current.attempt + 1 } });
      return right(events);
    }
    case 'SetLfsPreference': {
      const unchanged = command.useLfs === current.useLfs;
      if (unchanged && !failedPushing(current)) return nothing;
      if (current.status === 'pushing') return left(importValidation('use_lfs', 'custom', 'The import is pushing: choose once it is complete'));
      // A push that failed (git filter-repo missing for opt_out, say) is tried again with the
      // choice, the same one sent again included (the tool since installed): what was fetched
      // is still there. An import that failed earlier only records it, for its restart.
      const rewrites = current.status === 'waiting_to_push' || failedPushing(current) || (current.status === 'complete' && current.largeFiles.length > 0);
      if (rewrites && current.status === 'complete' && !command.refsUnchanged) return left(historyMovedOn);
      if (failedPushing(current) && !command.refsUnchanged) return left(pushLeftRefs);
      const events: SourceImportEvent[] = unchanged ? [] : [{ type: 'ImportLfsPreferenceSet', data: { repositoryId, useLfs: command.useLfs } }];
      if (rewrites) events.push({ type: 'ImportRewriteStarted', data: { repositoryId, attempt: current.attempt + 1 } });
      return right(events);
    }
    case 'RecordDetection':
      return chain(reported({ kind: 'present', import: current }, command.attempt, ['detecting']), () =>
        of({ type: 'ImportDetected', data: { repositoryId, attempt: command.attempt, vcs: command.vcs } }),
      );
    case 'RecordDetectionFailure':
      return chain(reported({ kind: 'present', import: current }, command.attempt, ['detecting']), () =>
        of({ type: 'ImportDetectionFailed', data: { repositoryId, attempt: command.attempt, status: command.status, projectChoices: command.projectChoices } }),
      );
    case 'RecordProgress':
      return chain(reported({ kind: 'present', import: current }, command.attempt, ['importing']), (present) =>
        command.percent <= (present.percent ?? -1) && command.commitCount === present.commitCount
          ? nothing
          : of({ type: 'ImportProgressed', data: { repositoryId, attempt: command.attempt, percent: command.percent, commitCount: command.commitCount } }),
      );
    case 'RecordFetched': {
      const { attempt, commitCount, largeFiles } = command;
      const earlierByIdentity = new Map(current.earlierAuthors.map((earlier) => [remoteIdentity(earlier), earlier]));
      const authors = command.authors.map((author) => {
        const earlier = earlierByIdentity.get(remoteIdentity(author));
        return earlier ? { ...author, id: earlier.id, name: earlier.name, email: earlier.email } : author;
      });
      return chain(reported({ kind: 'present', import: current }, attempt, ['importing']), () =>
        of({ type: 'ImportFetched', data: { repositoryId, attempt, commitCount, authors, largeFiles } }),
      );
    }
    case 'AwaitLfsChoice':
      return chain(reported({ kind: 'present', import: current }, command.attempt, ['mapping']), () =>
        of({ type: 'ImportAwaitingLfsChoice', data: { repositoryId, attempt: command.attempt } }),
      );
    case 'StartPush':
      return chain(reported({ kind: 'present', import: current }, command.attempt, ['mapping']), () =>
        of({ type: 'ImportPushStarted', data: { repositoryId, attempt: command.attempt } }),
      );
    case 'RecordPushProgress':
      return chain(reported({ kind: 'present', import: current }, command.attempt, ['pushing']), (present) =>
        command.pushPercent <= (present.pushPercent ?? -1)
          ? nothing
          : of({ type: 'ImportPushProgressed', data: { repositoryId, attempt: command.attempt, pushPercent: command.pushPercent } }),
      );
    case 'CompleteImport':
      return chain(reported({ kind: 'present', import: current }, command.attempt, ['pushing']), () =>
        of({ type: 'ImportCompleted', data: { repositoryId, attempt: command.attempt, refs: command.refs, completedAt: command.now.toISOString() } }),
      );
    case 'FailImport': {
      const { attempt, status, failedStep, message, humanName } = command;
      return chain(reported({ kind: 'present', import: current }, attempt, ['detecting', 'importing', 'mapping', 'waiting_to_push', 'pushing']), () =>
        of({ type: 'ImportFailed', data: { repositoryId, attempt, status, failedStep, message, humanName } }),
      );
    }
  }
}

function chain<A, B>(either: Either<ImportsError, A>, next: (value: A) => Either<ImportsError, B>): Either<ImportsError, B> {
  return either._tag === 'Left' ? either : next(either.right);
}

function decideStart(command: Extract<SourceImportCommand, { type: 'StartImport' }>, lastAttempt: number): Either<ImportsError, readonly SourceImportEvent[]> {
  if (!command.repositoryEmpty) return left(importValidation('repository', 'custom', 'The repository must be empty to start an import'));
  const { repositoryId, vcsUrl, vcs, tfvcProject, credentialsCiphertext } = command;
  return of({
    type: 'ImportStarted',
    data: { repositoryId, attempt: lastAttempt + 1, vcsUrl, vcs, tfvcProject, credentialsCiphertext, startedAt: command.now.toISOString() },
  });
}

export const sourceImportDecider: Decider<SourceImportCommand, SourceImportState, SourceImportEvent, ImportsError> = {
  initialState: () => ({ kind: 'none', lastAttempt: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ImportStarted':
      case 'ImportRestarted': {
        const { repositoryId, attempt, vcsUrl, vcs, tfvcProject, credentialsCiphertext } = event.data;
        // A restart keeps the large-file choice and the authors' mappings; a new import starts afresh.
        const restarted = event.type === 'ImportRestarted' && state.kind === 'present' ? state.import : null;
        const useLfs = restarted ? restarted.useLfs : 'undecided';
        const earlierAuthors = restarted ? (restarted.authors.length > 0 ? restarted.authors : restarted.earlierAuthors) : [];
        // What the last completed push left stays the restart's to replace.
        const restart = {
          startsDetecting: event.type === 'ImportRestarted' && event.data.startsDetecting === true,
          pushedRefs: restarted?.pushedRefs ?? null,
        };
        return {
          kind: 'present',
          import: freshImport(repositoryId, attempt, { vcsUrl, vcs, tfvcProject, credentialsCiphertext }, useLfs, earlierAuthors, restart),
        };
      }
      case 'ImportCancelled':
        return { kind: 'none', lastAttempt: event.data.attempt };
      default:
        return state.kind === 'present' ? { kind: 'present', import: evolvePresent(state.import, event) } : state;
    }
  },
  decide: (command, state) => {
    if (state.kind === 'present') return decidePresent(command, state.import);
    if (command.type === 'StartImport') return decideStart(command, state.lastAttempt);
    return left(
      command.type === 'MapAuthor' || command.type === 'SetLfsPreference' || command.type === 'UpdateImport' || command.type === 'CancelImport'
        ? { _tag: 'ImportNotFound' }
        : { _tag: 'ImportAttemptSuperseded' },
    );
  },
};

export const isImportStopped = (status: ImportStatus): boolean => STOPPED.has(status);
