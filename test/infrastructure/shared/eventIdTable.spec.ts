import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EventIdTable } from '../../../infrastructure/shared/eventStore/eventIdTable.js';

describe('EventIdTable', function () {
  it('finds every UUID it was given, through growth, and nothing else', function () {
    const table = new EventIdTable();
    const ids = Array.from({ length: 20_000 }, () => randomUUID());
    ids.forEach((id, position) => table.set(id, position));
    ids.forEach((id, position) => expect(table.get(id)).to.equal(position));
    for (let i = 0; i < 1000; i++) expect(table.get(randomUUID())).to.equal(undefined);
  });

  it('tells apart time-ordered UUIDs that share most of their bits', function () {
    const table = new EventIdTable();
    const ids = Array.from({ length: 5000 }, (_, n) => `0190a1b2-c3d4-7e5f-8a6b-${n.toString(16).padStart(12, '0')}`);
    ids.forEach((id, position) => table.set(id, position));
    ids.forEach((id, position) => expect(table.get(id)).to.equal(position));
    expect(table.get('0190a1b2-c3d4-7e5f-8a6b-ffffffffffff')).to.equal(undefined);
  });

  it('keeps any other id as the exact string, upper case UUIDs included', function () {
    const table = new EventIdTable();
    const lower = randomUUID();
    table.set(lower, 0);
    table.set(lower.toUpperCase(), 1);
    table.set('not-a-uuid', 2);
    table.set(`{${lower}}`, 3);
    expect([lower, lower.toUpperCase(), 'not-a-uuid', `{${lower}}`].map((id) => table.get(id))).to.deep.equal([0, 1, 2, 3]);
    expect(table.get('NOT-A-UUID')).to.equal(undefined);
  });
});
