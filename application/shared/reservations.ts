import { isLeft, type Either } from 'fp-ts/lib/Either.js';

// Runs the command that takes up a reservation just made; if it is refused or fails, the
// reservation is released at once. If the process dies in between, the orphan-reservations
// process manager releases it after its grace period.
export async function releasedUnlessTakenUp<E, T>(takeUp: () => Promise<Either<E, T>>, release: () => Promise<unknown>): Promise<Either<E, T>> {
  let outcome: Either<E, T>;
  try {
    outcome = await takeUp();
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
  if (isLeft(outcome)) await release().catch(() => undefined);
  return outcome;
}
