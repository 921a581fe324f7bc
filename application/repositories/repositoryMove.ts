import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { repositoryDecider, repositoryStream } from '../../domain/repositories/repository.decider.js';
import type { OwnerType } from '../../domain/repositories/repository.events.js';
import { repositoryNameReservationDecider, repositoryNameStream } from '../../domain/repositories/repositoryNameReservation.decider.js';
import { repositoryNameKey } from '../../domain/repositories/repositoryName.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import { releasedUnlessTakenUp } from '../shared/reservations.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { RepositoryDocument } from './repositories.readModel.js';

export interface MoveTarget {
  readonly ownerId: number;
  readonly ownerType: OwnerType;
  readonly name: string;
}

// A rename or a transfer: the new (owner, name) is reserved first, so a taken name refuses
// before anything is written; the old one is released last. A crash in between leaves the old
// name held by this repository (still unique, and the redirect answers for it).
export async function moveRepository(
  eventStore: EventStore,
  repository: RepositoryDocument,
  target: MoveTarget,
  context: CommandContext,
): Promise<Either<AppError, { position?: number }>> {
  const reserved = await handleCommand(
    eventStore,
    repositoryNameReservationDecider,
    repositoryNameStream(target.ownerId, target.name),
    {
      type: 'ReserveRepositoryName',
      ownerId: target.ownerId,
      name: target.name,
      repositoryId: repository.id,
    },
    context,
  );
  if (isLeft(reserved)) return reserved;
  const command =
    target.ownerId === repository.owner_id
      ? { type: 'RenameRepository' as const, name: target.name, now: context.occurredAt }
      : { type: 'TransferRepository' as const, toOwnerId: target.ownerId, toOwnerType: target.ownerType, toName: target.name, now: context.occurredAt };
  const release = (ownerId: number, name: string) =>
    handleCommand(
      eventStore,
      repositoryNameReservationDecider,
      repositoryNameStream(ownerId, name),
      { type: 'ReleaseRepositoryName', ownerId, name, repositoryId: repository.id },
      context,
    );
  const elsewhere = target.ownerId !== repository.owner_id || repositoryNameKey(target.name) !== repository.name_key;
  // A refused move frees the name it reserved (not the one the repository has).
  const moved = await releasedUnlessTakenUp(
    () => handleCommand(eventStore, repositoryDecider, repositoryStream(repository.id), command, context),
    () => (elsewhere ? release(target.ownerId, target.name) : Promise.resolve()),
  );
  if (isLeft(moved)) return moved;
  // The name the repository had as the move was decided, which the event says: another move
  // may have landed since `repository` was read (five renames at once), and releasing the
  // name read then left the names in between reserved by a repository called otherwise.
  for (const event of moved.right.events) {
    const from =
      event.type === 'RepositoryRenamed'
        ? { ownerId: event.data.ownerId, name: event.data.fromName }
        : event.type === 'RepositoryTransferred'
          ? { ownerId: event.data.fromOwnerId, name: event.data.fromName }
          : null;
    if (from === null || (from.ownerId === target.ownerId && repositoryNameKey(from.name) === repositoryNameKey(target.name))) continue;
    const released = await release(from.ownerId, from.name);
    if (isLeft(released) && released.left._tag !== 'RepositoryNameNotReserved') return released;
  }
  return right(moved.right.position === undefined ? {} : { position: moved.right.position });
}
