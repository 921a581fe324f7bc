import { expect } from 'chai';
import { feedEntryMilliseconds, feedEntryTime } from '../../../application/activity/activity.readModel.js';

describe('activity feed entries: times', () => {
  it('are whole seconds (as created_at shows them) that read back as the start of that second', () => {
    const at = Date.parse('2026-11-26T08:00:00.999Z');
    expect(feedEntryMilliseconds(feedEntryTime(at))).to.equal(Date.parse('2026-11-26T08:00:00Z'));
    expect(feedEntryMilliseconds(feedEntryTime(Date.parse('1999-12-31T23:59:59.500Z')))).to.equal(Date.parse('1999-12-31T23:59:59Z'));
  });

  // Small integers (32 bits signed in node's 64-bit builds, which do not compress pointers)
  // are what V8 stores unboxed, and what keeps freezing a feed cheap.
  it('are small integers for decades on either side of now', () => {
    for (const year of [2000, 2026, 2080]) {
      const time = feedEntryTime(Date.UTC(year, 0, 1));
      expect(Number.isInteger(time)).to.equal(true);
      expect(Math.abs(time)).to.be.below(2 ** 31);
    }
  });
});
