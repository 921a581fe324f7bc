import { expect } from 'chai';
import { DuplicateKeyError } from '../../../application/shared/ports/readModelStore.port.js';

// The error a promise rejects with; fails the test when it resolves instead.
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

export async function expectDuplicateKey(promise: Promise<unknown>, collection: string, index: string): Promise<void> {
  const error = await rejection(promise);
  expect(error).to.be.instanceOf(DuplicateKeyError);
  expect(error).to.include({ collection, index });
}
