import { expect } from 'chai';
import { sourceImportDecider } from '../../../domain/imports/sourceImport.decider.js';
import type { ImportAuthor, SourceImportEvent } from '../../../domain/imports/sourceImport.events.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(sourceImportDecider);
const now = new Date('2026-11-25T10:00:00Z');
const source = { vcsUrl: 'https://example.org/repo.git', vcs: null, tfvcProject: null, credentialsCiphertext: null };
const started: SourceImportEvent = { type: 'ImportStarted', data: { repositoryId: 7, attempt: 1, ...source, startedAt: now.toISOString() } };
const detected: SourceImportEvent = { type: 'ImportDetected', data: { repositoryId: 7, attempt: 1, vcs: 'git' } };
const ada: ImportAuthor = { id: 11, remoteId: 'ada@example.org', remoteName: 'Ada', name: 'Ada', email: 'ada@example.org' };
const fetched: SourceImportEvent = { type: 'ImportFetched', data: { repositoryId: 7, attempt: 1, commitCount: 3, authors: [ada], largeFiles: [] } };
const pushStarted: SourceImportEvent = { type: 'ImportPushStarted', data: { repositoryId: 7, attempt: 1 } };
const completed: SourceImportEvent = {
  type: 'ImportCompleted',
  data: { repositoryId: 7, attempt: 1, refs: { 'refs/heads/main': 'a'.repeat(40) }, completedAt: now.toISOString() },
};

describe('source import decider', () => {
  it('starts an import only in an empty repository', () => {
    spec
      .given([])
      .when({ type: 'StartImport', repositoryId: 7, repositoryEmpty: true, now, ...source })
      .then([started]);
    spec
      .given([])
      .when({ type: 'StartImport', repositoryId: 7, repositoryEmpty: false, now, ...source })
      .thenFails('ImportValidationFailed');
  });

  it('refuses a second start while one runs, and takes one after a failure as a new attempt', () => {
    spec
      .given([started])
      .when({ type: 'StartImport', repositoryId: 7, repositoryEmpty: true, now, ...source })
      .thenFails('ImportValidationFailed');
    const failed: SourceImportEvent = {
      type: 'ImportFailed',
      data: { repositoryId: 7, attempt: 1, status: 'auth_failed', failedStep: 'importing', message: 'no', humanName: 'Importing commits' },
    };
    spec
      .given([started, detected, failed])
      .when({ type: 'StartImport', repositoryId: 7, repositoryEmpty: true, now, ...source })
      .then([{ type: 'ImportStarted', data: { ...(started.data as object), attempt: 2 } } as SourceImportEvent]);
  });

  it('accepts a step report only from the current attempt in the state the step starts from', () => {
    spec.given([started]).when({ type: 'RecordDetection', attempt: 1, vcs: 'git' }).then([detected]);
    spec.given([started]).when({ type: 'RecordDetection', attempt: 2, vcs: 'git' }).thenFails('ImportAttemptSuperseded');
    spec.given([started, detected]).when({ type: 'RecordDetection', attempt: 1, vcs: 'git' }).thenFails('ImportAttemptSuperseded');
    spec.given([started, detected]).when({ type: 'StartPush', attempt: 1 }).thenFails('ImportAttemptSuperseded');
  });

  it('refuses every report of a cancelled attempt, and a new start counts on from it', () => {
    const cancelled: SourceImportEvent = { type: 'ImportCancelled', data: { repositoryId: 7, attempt: 1, cancelledAt: now.toISOString() } };
    spec
      .given([started, detected, cancelled])
      .when({ type: 'RecordProgress', attempt: 1, percent: 50, commitCount: null })
      .thenFails('ImportAttemptSuperseded');
    spec.given([started, cancelled]).when({ type: 'CancelImport', now }).thenFails('ImportNotFound');
    spec
      .given([started, cancelled])
      .when({ type: 'StartImport', repositoryId: 7, repositoryEmpty: true, now, ...source })
      .then([{ type: 'ImportStarted', data: { ...(started.data as object), attempt: 2 } } as SourceImportEvent]);
  });

  it('records progress only when it rises', () => {
    const progressed: SourceImportEvent = { type: 'ImportProgressed', data: { repositoryId: 7, attempt: 1, percent: 40, commitCount: null } };
    spec.given([started, detected]).when({ type: 'RecordProgress', attempt: 1, percent: 40, commitCount: null }).then([progressed]);
    spec.given([started, detected, progressed]).when({ type: 'RecordProgress', attempt: 1, percent: 30, commitCount: null }).then([]);
  });

  it('maps an author before the push, not during it; after completion a mapping starts a rewrite unless the refs moved on', () => {
    const mapped = { ...ada, name: 'Ada King' };
    spec
      .given([started, detected, fetched])
      .when({ type: 'MapAuthor', authorId: 11, name: 'Ada King', refsUnchanged: true })
      .then([{ type: 'ImportAuthorMapped', data: { repositoryId: 7, author: mapped } }]);
    spec.given([started, detected, fetched]).when({ type: 'MapAuthor', authorId: 12, name: 'x', refsUnchanged: true }).thenFails('ImportAuthorNotFound');
    spec
      .given([started, detected, fetched, pushStarted])
      .when({ type: 'MapAuthor', authorId: 11, name: 'x', refsUnchanged: true })
      .thenFails('ImportValidationFailed');
    spec
      .given([started, detected, fetched, pushStarted, completed])
      .when({ type: 'MapAuthor', authorId: 11, name: 'Ada King', refsUnchanged: true })
      .then([
        { type: 'ImportAuthorMapped', data: { repositoryId: 7, author: mapped } },
        { type: 'ImportRewriteStarted', data: { repositoryId: 7, attempt: 2 } },
      ]);
    spec
      .given([started, detected, fetched, pushStarted, completed])
      .when({ type: 'MapAuthor', authorId: 11, name: 'Ada King', refsUnchanged: false })
      .thenFails('ImportValidationFailed');
  });

  it('waits for a large-file choice, and the choice sets the push going', () => {
    const withLarge: SourceImportEvent = {
      type: 'ImportFetched',
      data: {
        repositoryId: 7,
        attempt: 1,
        commitCount: 3,
        authors: [],
        largeFiles: [{ refName: 'refs/heads/main', path: 'big', oid: 'b'.repeat(40), size: 9 }],
      },
    };
    const waiting: SourceImportEvent = { type: 'ImportAwaitingLfsChoice', data: { repositoryId: 7, attempt: 1 } };
    spec.given([started, detected, withLarge]).when({ type: 'AwaitLfsChoice', attempt: 1 }).then([waiting]);
    spec
      .given([started, detected, withLarge, waiting])
      .when({ type: 'SetLfsPreference', useLfs: 'opt_in', refsUnchanged: true })
      .then([
        { type: 'ImportLfsPreferenceSet', data: { repositoryId: 7, useLfs: 'opt_in' } },
        { type: 'ImportRewriteStarted', data: { repositoryId: 7, attempt: 2 } },
      ]);
    spec
      .given([started, detected, fetched])
      .when({ type: 'SetLfsPreference', useLfs: 'opt_out', refsUnchanged: true })
      .then([{ type: 'ImportLfsPreferenceSet', data: { repositoryId: 7, useLfs: 'opt_out' } }]);
  });

  it('tries a push that failed again with a new large-file choice; an import that failed before it only records the choice', () => {
    const failedAt = (failedStep: string): SourceImportEvent => ({
      type: 'ImportFailed',
      data: { repositoryId: 7, attempt: 1, status: 'error', failedStep, message: 'git filter-repo is not installed', humanName: 'Pushing' },
    });
    spec
      .given([started, detected, fetched, pushStarted, failedAt('pushing')])
      .when({ type: 'SetLfsPreference', useLfs: 'opt_in', refsUnchanged: true })
      .then([
        { type: 'ImportLfsPreferenceSet', data: { repositoryId: 7, useLfs: 'opt_in' } },
        { type: 'ImportRewriteStarted', data: { repositoryId: 7, attempt: 2 } },
      ]);
    // Unless the failed push moved some refs already (the handler compares them with none).
    spec
      .given([started, detected, fetched, pushStarted, failedAt('pushing')])
      .when({ type: 'SetLfsPreference', useLfs: 'opt_in', refsUnchanged: false })
      .thenFails('ImportValidationFailed');
    spec
      .given([started, detected, failedAt('importing')])
      .when({ type: 'SetLfsPreference', useLfs: 'opt_in', refsUnchanged: true })
      .then([{ type: 'ImportLfsPreferenceSet', data: { repositoryId: 7, useLfs: 'opt_in' } }]);
    // The same choice sent again after the failed push (the tool since installed) tries it again;
    // before the push failed, or after it failed earlier, it changes nothing.
    const optedOut: SourceImportEvent = { type: 'ImportLfsPreferenceSet', data: { repositoryId: 7, useLfs: 'opt_out' } };
    spec
      .given([started, detected, fetched, optedOut, pushStarted, failedAt('pushing')])
      .when({ type: 'SetLfsPreference', useLfs: 'opt_out', refsUnchanged: true })
      .then([{ type: 'ImportRewriteStarted', data: { repositoryId: 7, attempt: 2 } }]);
    spec.given([started, detected, fetched, optedOut]).when({ type: 'SetLfsPreference', useLfs: 'opt_out', refsUnchanged: true }).then([]);
    spec
      .given([started, detected, optedOut, failedAt('importing')])
      .when({ type: 'SetLfsPreference', useLfs: 'opt_out', refsUnchanged: true })
      .then([]);
  });

  it('tries a push that failed again with a new mapping, as with a new large-file choice, unless that push left refs', () => {
    // A mapping after completion whose rewrite failed (git filter-repo missing, say): once the
    // tool is there, mapping again must not only record the identity but rewrite and push.
    const rewriteFailed: SourceImportEvent = {
      type: 'ImportFailed',
      data: { repositoryId: 7, attempt: 2, status: 'error', failedStep: 'pushing', message: 'git filter-repo is not installed', humanName: 'Pushing' },
    };
    const rewriteStarted: SourceImportEvent = { type: 'ImportRewriteStarted', data: { repositoryId: 7, attempt: 2 } };
    const mappedOnce: SourceImportEvent = { type: 'ImportAuthorMapped', data: { repositoryId: 7, author: { ...ada, name: 'Ada King' } } };
    spec
      .given([started, detected, fetched, pushStarted, completed, mappedOnce, rewriteStarted, rewriteFailed])
      .when({ type: 'MapAuthor', authorId: 11, name: 'Ada Lovelace', refsUnchanged: true })
      .then([
        { type: 'ImportAuthorMapped', data: { repositoryId: 7, author: { ...ada, name: 'Ada Lovelace' } } },
        { type: 'ImportRewriteStarted', data: { repositoryId: 7, attempt: 3 } },
      ]);
    spec
      .given([started, detected, fetched, pushStarted, completed, mappedOnce, rewriteStarted, rewriteFailed])
      .when({ type: 'MapAuthor', authorId: 11, name: 'Ada Lovelace', refsUnchanged: false })
      .thenFails('ImportValidationFailed');
    // The same mapping sent again (git filter-repo since installed) tries the push again.
    const mappedAgain: SourceImportEvent = { type: 'ImportAuthorMapped', data: { repositoryId: 7, author: { ...ada, name: 'Ada Lovelace' } } };
    const retried: SourceImportEvent = { type: 'ImportRewriteStarted', data: { repositoryId: 7, attempt: 3 } };
    spec
      .given([started, detected, fetched, pushStarted, completed, mappedOnce, rewriteStarted, rewriteFailed])
      .when({ type: 'MapAuthor', authorId: 11, name: 'Ada King', refsUnchanged: true })
      .then([retried]);
    spec
      .given([
        started,
        detected,
        fetched,
        pushStarted,
        completed,
        mappedAgain,
        rewriteStarted,
        { ...rewriteFailed, data: { ...(rewriteFailed.data as object), attempt: 2 } } as SourceImportEvent,
        retried,
      ])
      .when({ type: 'MapAuthor', authorId: 11, name: 'Ada Lovelace', refsUnchanged: true })
      .then([]);
    // An import that failed before its push only records the mapping, for its restart.
    const fetchFailed: SourceImportEvent = {
      type: 'ImportFailed',
      data: { repositoryId: 7, attempt: 1, status: 'error', failedStep: 'importing', message: 'unreachable', humanName: 'Importing commits' },
    };
    spec.given([started, detected, fetched, fetchFailed]).when({ type: 'MapAuthor', authorId: 11, name: 'Ada King', refsUnchanged: true }).then([mappedOnce]);
  });

  it('maps an author only to a usable identity: one email address, a name without < or >', () => {
    for (const identity of [{ email: 'not an email' }, { email: 'a@b> evil <c@d' }, { name: 'Eve <eve@example.org>' }, { name: 'two\nlines' }, { name: ' ' }]) {
      spec
        .given([started, detected, fetched])
        .when({ type: 'MapAuthor', authorId: 11, ...identity, refsUnchanged: true })
        .thenFails('ImportValidationFailed');
    }
    spec
      .given([started, detected, fetched])
      .when({ type: 'MapAuthor', authorId: 11, name: 'Ada Lovelace', email: 'ada@lovelace.example', refsUnchanged: true })
      .then([{ type: 'ImportAuthorMapped', data: { repositoryId: 7, author: { ...ada, name: 'Ada Lovelace', email: 'ada@lovelace.example' } } }]);
  });

  it('carries the authors mapped before a restart over to the same remote authors fetched again (their ids and mappings)', () => {
    const mapped: SourceImportEvent = {
      type: 'ImportAuthorMapped',
      data: { repositoryId: 7, author: { ...ada, name: 'Ada King', email: 'ada@king.example' } },
    };
    const failed: SourceImportEvent = {
      type: 'ImportFailed',
      data: { repositoryId: 7, attempt: 1, status: 'error', failedStep: 'pushing', message: 'no', humanName: 'Pushing' },
    };
    const restarted: SourceImportEvent = {
      type: 'ImportRestarted',
      data: { repositoryId: 7, attempt: 2, vcsUrl: source.vcsUrl, vcs: 'git', tfvcProject: null, credentialsCiphertext: null, restartedAt: now.toISOString() },
    };
    const alan: ImportAuthor = { id: 13, remoteId: 'alan@example.org', remoteName: 'Alan', name: 'Alan', email: 'alan@example.org' };
    const refetchedAda: ImportAuthor = { ...ada, id: 12 };
    spec
      .given([started, detected, fetched, mapped, failed, restarted])
      .when({ type: 'RecordFetched', attempt: 2, commitCount: 4, authors: [refetchedAda, alan], largeFiles: [] })
      .then([
        {
          type: 'ImportFetched',
          data: { repositoryId: 7, attempt: 2, commitCount: 4, authors: [{ ...ada, name: 'Ada King', email: 'ada@king.example' }, alan], largeFiles: [] },
        },
      ]);
  });

  it('tells apart authors fetched again who share an email (one remote id) by their names: each keeps its own id and mapping', () => {
    // git names one person two ways (Ada, Ada Lovelace) under one address, and Mercurial users
    // without an address all come out as <unknown>: one remote id, several authors.
    const adaLovelace: ImportAuthor = { id: 12, remoteId: 'ada@example.org', remoteName: 'Ada Lovelace', name: 'Ada Lovelace', email: 'ada@example.org' };
    const fetchedBoth: SourceImportEvent = {
      type: 'ImportFetched',
      data: { repositoryId: 7, attempt: 1, commitCount: 3, authors: [ada, adaLovelace], largeFiles: [] },
    };
    const mapped: SourceImportEvent = {
      type: 'ImportAuthorMapped',
      data: { repositoryId: 7, author: { ...ada, name: 'Ada King', email: 'ada@king.example' } },
    };
    const restarted: SourceImportEvent = {
      type: 'ImportRestarted',
      data: { repositoryId: 7, attempt: 2, vcsUrl: source.vcsUrl, vcs: 'git', tfvcProject: null, credentialsCiphertext: null, restartedAt: now.toISOString() },
    };
    spec
      .given([started, detected, fetchedBoth, mapped, restarted])
      .when({
        type: 'RecordFetched',
        attempt: 2,
        commitCount: 3,
        authors: [
          { ...ada, id: 21 },
          { ...adaLovelace, id: 22 },
        ],
        largeFiles: [],
      })
      .then([
        {
          type: 'ImportFetched',
          data: {
            repositoryId: 7,
            attempt: 2,
            commitCount: 3,
            authors: [{ ...ada, name: 'Ada King', email: 'ada@king.example' }, adaLovelace],
            largeFiles: [],
          },
        },
      ]);
  });

  // GitHub: "If no parameters are provided, the import will be restarted"; its example answer
  // to new credentials is `detecting` with the vcs kept, to a project choice and to a restart
  // without parameters `importing`.
  it('restarts on any update: detecting with the vcs kept for new credentials, importing when it names the vcs or names nothing', () => {
    const restartedData = {
      repositoryId: 7,
      attempt: 2,
      vcsUrl: source.vcsUrl,
      tfvcProject: null,
      credentialsCiphertext: null,
      restartedAt: now.toISOString(),
    };
    spec
      .given([started, detected])
      .when({ type: 'UpdateImport', credentialsCiphertext: 'sealed', refsUnchanged: true, now })
      .then([{ type: 'ImportRestarted', data: { ...restartedData, vcs: 'git', credentialsCiphertext: 'sealed', startsDetecting: true } }]);
    spec
      .given([started, detected])
      .when({ type: 'UpdateImport', refsUnchanged: true, now })
      .then([{ type: 'ImportRestarted', data: { ...restartedData, vcs: 'git', startsDetecting: false } }]);
    spec
      .given([started])
      .when({ type: 'UpdateImport', vcs: 'subversion', refsUnchanged: true, now })
      .then([{ type: 'ImportRestarted', data: { ...restartedData, vcs: 'subversion', startsDetecting: false } }]);
    const restarted: SourceImportEvent = { type: 'ImportRestarted', data: { ...restartedData, vcs: 'git', startsDetecting: true } };
    const state = [started, detected, restarted].reduce(sourceImportDecider.evolve, sourceImportDecider.initialState());
    expect(state.kind === 'present' && [state.import.status, state.import.vcs]).to.deep.equal(['detecting', 'git']);
    // Recorded before restarts reported detecting: such a restart went straight to importing.
    const older: SourceImportEvent = { type: 'ImportRestarted', data: { ...restartedData, vcs: 'git' } };
    const replayed = [started, detected, older].reduce(sourceImportDecider.evolve, sourceImportDecider.initialState());
    expect(replayed.kind === 'present' && replayed.import.status).to.equal('importing');
  });

  it('restarts a completed import too, its push to replace what the import pushed, unless the refs moved since', () => {
    const history = [started, detected, fetched, pushStarted, completed];
    spec
      .given(history)
      .when({ type: 'UpdateImport', refsUnchanged: true, now })
      .then([
        {
          type: 'ImportRestarted',
          data: {
            repositoryId: 7,
            attempt: 2,
            vcsUrl: source.vcsUrl,
            vcs: 'git',
            tfvcProject: null,
            credentialsCiphertext: null,
            startsDetecting: false,
            restartedAt: now.toISOString(),
          },
        },
      ]);
    spec.given(history).when({ type: 'UpdateImport', refsUnchanged: false, now }).thenFails('ImportValidationFailed');
    const restarted: SourceImportEvent = {
      type: 'ImportRestarted',
      data: {
        repositoryId: 7,
        attempt: 2,
        vcsUrl: source.vcsUrl,
        vcs: 'git',
        tfvcProject: null,
        credentialsCiphertext: null,
        startsDetecting: true,
        restartedAt: now.toISOString(),
      },
    };
    const state = [...history, restarted].reduce(sourceImportDecider.evolve, sourceImportDecider.initialState());
    expect(state.kind === 'present' && state.import.pushedRefs).to.deep.equal({ 'refs/heads/main': 'a'.repeat(40) });
  });
});
