import { expect } from 'chai';
import { parseGitDate } from '../../../domain/gitdata/gitDate.js';

describe('parseGitDate: an API date as git writes it', () => {
  it('keeps the offset given, written as git writes it', () => {
    expect(parseGitDate('2020-01-02T03:04:05+05:30')).to.deep.equal({ date: new Date('2020-01-01T21:34:05Z'), utcOffset: '+0530' });
    expect(parseGitDate('2020-01-02T03:04:05-0700')).to.deep.equal({ date: new Date('2020-01-02T10:04:05Z'), utcOffset: '-0700' });
    expect(parseGitDate('2020-01-02T03:04:05z')).to.deep.equal({ date: new Date('2020-01-02T03:04:05Z'), utcOffset: '+0000' });
    expect(parseGitDate('2020-01-02')).to.deep.equal({ date: new Date('2020-01-02T00:00:00Z'), utcOffset: '+0000' });
  });

  it('refuses what is no date, an offset past a day, and anything before the epoch', () => {
    expect(parseGitDate('yesterday')).to.equal('invalid');
    expect(parseGitDate('2020-01-02T03:04:05+25:00')).to.equal('invalid');
    expect(parseGitDate('1969-12-31T23:59:59Z')).to.equal('before-epoch');
    expect(parseGitDate('1970-01-01T00:00:00Z')).to.deep.equal({ date: new Date(0), utcOffset: '+0000' });
  });
});
