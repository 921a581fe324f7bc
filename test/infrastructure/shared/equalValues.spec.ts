import { expect } from 'chai';
import { equalValues } from '../../../infrastructure/shared/readModels/equalValues.js';

describe('equalValues (documents kept once when equal)', function () {
  it('compares plain objects field by field in order, arrays element by element, the rest by identity', function () {
    expect(equalValues({ a: 1, b: [1, { c: 'x' }], d: null }, { a: 1, b: [1, { c: 'x' }], d: null })).to.equal(true);
    expect(equalValues({ a: 1, b: 2 }, { b: 2, a: 1 }), 'another field order is another JSON text').to.equal(false);
    expect(equalValues({ a: 0 }, { a: -0 }), 'kept apart, as documentFreeze keeps them').to.equal(false);
    expect(equalValues([1, 2], [1, 2, 3])).to.equal(false);
    expect(equalValues({ a: [] }, { a: {} })).to.equal(false);
    expect(equalValues({ at: new Date(0) }, { at: new Date(1) })).to.equal(false);
    const date = new Date(0);
    expect(equalValues({ at: date }, { at: date })).to.equal(true);
    expect(equalValues({ a: undefined }, {})).to.equal(false);
  });
});
