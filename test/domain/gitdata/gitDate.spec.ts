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

  it("reads a date-time without an offset as UTC, whatever the process's time zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata';
    try {
      expect(parseGitDate('2020-01-02T03:04:05')).to.deep.equal({ date: new Date('2020-01-02T03:04:05Z'), utcOffset: '+0000' });
      expect(parseGitDate('2020-01-02 03:04')).to.deep.equal({ date: new Date('2020-01-02T03:04:00Z'), utcOffset: '+0000' });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('takes only ISO 8601, and only days and times that exist', () => {
    for (const text of [
      'hello 2020',
      'Jan 1 2020',
      'Wed, 01 Jan 2020 10:00:00 GMT',
      '1577934245',
      '2020-02-30T00:00:00Z',
      '2021-02-29',
      '2020-01-01T24:00:00Z',
      '2020-01-01T10:60:00Z',
    ])
      expect(parseGitDate(text), text).to.equal('invalid');
    expect(parseGitDate('2020-02-29T00:00:00.250+01')).to.deep.equal({ date: new Date('2020-02-28T23:00:00.250Z'), utcOffset: '+0100' });
  });
});
