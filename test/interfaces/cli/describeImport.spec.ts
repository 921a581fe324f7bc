import { expect } from 'chai';
import { describeImport } from '../../../interfaces/cli/importArchive.command.js';

describe('forgelog import-archive: the report it prints', () => {
  const report = {
    users: { matched: 1, created: 0 },
    organizations: 1,
    repositories: ['acme/app'],
    issues: 1,
    pullRequests: 0,
    comments: 2,
    milestones: 1,
    projects: 0,
    warnings: [],
  };

  it('says "1 repository", "2 comments": one of a thing is singular', () => {
    expect(describeImport(report)).to.equal(
      [
        'Imported 1 repository (acme/app),',
        '  1 issue, 0 pull requests, 2 comments, 1 milestone, 0 projects;',
        '  users: 1 matched by login, 0 created; 1 organization created.',
      ].join('\n'),
    );
  });

  it('lists what was not carried over', () => {
    expect(describeImport({ ...report, repositories: [], warnings: ['a release asset'] })).to.match(
      /^Imported 0 repositories \(none\),[\s\S]*\nNot carried over:\n {2}- a release asset$/,
    );
  });
});
