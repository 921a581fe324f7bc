import { expect } from 'chai';
import { freezeDocument } from '../../../infrastructure/shared/readModels/documentFreeze.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';

const zeroReactions = () => ({ total_count: 0, '+1': 0, '-1': 0, laugh: 0 });

// Frozen documents share equal small values (empty lists, objects of counters): the values
// read stay the same, only the memory holding them is shared.
describe('freezeDocument: equal small values shared between documents', () => {
  it('shares empty lists and equal objects of counters, and keeps every value as given', () => {
    const first = freezeDocument({ _id: 1, labels: [] as unknown[], reactions: zeroReactions(), flags: { a: true, b: null } });
    const second = freezeDocument({ _id: 2, labels: [] as unknown[], reactions: zeroReactions(), flags: { a: true, b: null } });
    expect(second.labels).to.equal(first.labels);
    expect(second.reactions).to.equal(first.reactions);
    expect(second.flags).to.equal(first.flags);
    expect(second).to.deep.equal({ _id: 2, labels: [], reactions: zeroReactions(), flags: { a: true, b: null } });
    expect(Object.isFrozen(second.reactions) && Object.isFrozen(second.labels)).to.equal(true);
  });

  it('shares small lists and objects of short texts too', () => {
    expect(freezeDocument({ ids: [12] }).ids).to.equal(freezeDocument({ ids: [12] }).ids);
    expect(freezeDocument({ names: { a: 'x', b: true } }).names).to.equal(freezeDocument({ names: { a: 'x', b: true } }).names);
    expect(freezeDocument({ ids: [12] }).ids).not.to.equal(freezeDocument({ ids: ['12'] }).ids);
  });

  it('shares nothing a key could not tell apart or that is large: -0, holes, nested values, non-plain lists, long texts', () => {
    const withNegativeZero = freezeDocument({ counts: { a: -0 } });
    const withZero = freezeDocument({ counts: { a: 0 } });
    expect(withZero.counts).not.to.equal(withNegativeZero.counts);
    expect(Object.is(withNegativeZero.counts.a, -0)).to.equal(true);
    const holed = freezeDocument({ list: [1, , 3] }).list;
    expect(holed).not.to.equal(freezeDocument({ list: [1, null, 3] }).list);
    expect(1 in holed).to.equal(false);
    expect(freezeDocument({ nested: { a: { b: 1 } } }).nested).not.to.equal(freezeDocument({ nested: { a: { b: 1 } } }).nested);
    const tagged = Object.assign([1], { tag: 1 });
    expect(freezeDocument({ list: tagged }).list).to.equal(tagged);
    const long = 'x'.repeat(65);
    expect(freezeDocument({ texts: [long] }).texts).not.to.equal(freezeDocument({ texts: [long] }).texts);
  });

  it('keeps the field order of each object: equal fields in another order are another value', () => {
    const ab = freezeDocument({ counts: { a: 1, b: 2 } });
    const ba = freezeDocument({ counts: { b: 2, a: 1 } });
    expect(Object.keys(ba.counts)).to.deep.equal(['b', 'a']);
    expect(ba.counts).not.to.equal(ab.counts);
  });

  it('an update of one document leaves the others holding the shared value unchanged', async () => {
    const store = new EmbeddedReadModelStore();
    const issues = store.collection<{ _id: string; reactions: Record<string, number>; label_ids: number[] }>('issues');
    await issues.insertOne({ _id: 'a', reactions: zeroReactions(), label_ids: [] });
    await issues.insertOne({ _id: 'b', reactions: zeroReactions(), label_ids: [] });
    await issues.updateOne({ _id: 'a' }, { $inc: { 'reactions.+1': 1 }, $push: { label_ids: { $each: [7], $position: 0, $slice: 10 } } });
    expect(await issues.findOne({ _id: 'a' })).to.deep.equal({ _id: 'a', reactions: { ...zeroReactions(), '+1': 1 }, label_ids: [7] });
    expect(await issues.findOne({ _id: 'b' })).to.deep.equal({ _id: 'b', reactions: zeroReactions(), label_ids: [] });
  });
});
