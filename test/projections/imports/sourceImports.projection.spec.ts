import { expect } from 'chai';
import { sourceImportsProjection } from '../../../projections/imports/sourceImports.projection.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-25T10:00:00.000Z';
const stream = 'source-import-7';
const author = (id: number, name: string) => ({ id, remoteId: `${name}@example.org`, remoteName: name, name, email: `${name}@example.org` });

describe('source imports projection', () => {
  it('applied twice leaves the same import and authors; a restart clears the authors, a cancel removes it all', async () => {
    const events = [
      storedEvent(stream, 0, 'ImportStarted', {
        repositoryId: 7,
        attempt: 1,
        vcsUrl: 'https://x/r.git',
        vcs: 'git',
        tfvcProject: null,
        credentialsCiphertext: 'c',
        startedAt: at,
      }),
      storedEvent(stream, 1, 'ImportProgressed', { repositoryId: 7, attempt: 1, percent: 40, commitCount: null }),
      storedEvent(stream, 2, 'ImportFetched', {
        repositoryId: 7,
        attempt: 1,
        commitCount: 12,
        authors: [author(21, 'ada'), author(22, 'alan')],
        largeFiles: [{ refName: 'refs/heads/main', path: 'big.bin', oid: 'b'.repeat(40), size: 5000 }],
      }),
      storedEvent(stream, 3, 'ImportAuthorMapped', { repositoryId: 7, author: { ...author(21, 'ada'), name: 'Ada King' } }),
      storedEvent(stream, 4, 'ImportLfsPreferenceSet', { repositoryId: 7, useLfs: 'opt_out' }),
    ];
    const dump = await expectIdempotent(sourceImportsProjection, events);
    expect(dump.source_imports).to.deep.equal([
      {
        _id: '7',
        repository_id: 7,
        attempt: 1,
        status: 'mapping',
        vcs: 'git',
        vcs_url: 'https://x/r.git',
        tfvc_project: null,
        use_lfs: 'opt_out',
        import_percent: 100,
        commit_count: 12,
        push_percent: null,
        large_files: [{ ref_name: 'refs/heads/main', path: 'big.bin', oid: 'b'.repeat(40), size: 5000 }],
        authors_count: 2,
        failed_step: null,
        error_message: null,
        human_name: null,
        project_choices: [],
      },
    ]);
    expect(dump.source_import_authors!.map((doc: any) => [doc.id, doc.name])).to.deep.equal([
      [21, 'Ada King'],
      [22, 'alan'],
    ]);

    const restarted = await expectIdempotent(sourceImportsProjection, [
      ...events,
      storedEvent(stream, 5, 'ImportRestarted', {
        repositoryId: 7,
        attempt: 2,
        vcsUrl: 'https://x/r.git',
        vcs: 'git',
        tfvcProject: null,
        credentialsCiphertext: null,
        restartedAt: at,
      }),
    ]);
    expect(restarted.source_import_authors).to.deep.equal([]);
    expect((restarted.source_imports![0] as any).use_lfs).to.equal('opt_out');

    const cancelled = await expectIdempotent(sourceImportsProjection, [
      ...events,
      storedEvent(stream, 5, 'ImportCancelled', { repositoryId: 7, attempt: 1, cancelledAt: at }),
    ]);
    expect(cancelled.source_imports ?? []).to.deep.equal([]);
    expect(cancelled.source_import_authors ?? []).to.deep.equal([]);
  });
});
