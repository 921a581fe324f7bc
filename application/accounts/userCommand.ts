import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { userDecider, userStream, type UserState } from '../../domain/accounts/user.decider.js';
import type { UserCommand } from '../../domain/accounts/user.commands.js';
import type { UserEvent } from '../../domain/accounts/user.events.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { decideWithoutAppending, handleCommand, type CommandOutcome } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { inTurn } from '../shared/streamTurns.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { UserQueries } from './user.queries.js';
import type { UserDocument } from './users.readModel.js';

// What every user command shares: find the user account a login names (organizations share
// the namespace but are not users), run the command on user-<id>, and answer only once the
// read models show it.
@injectable()
export class UserCommands {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(UserQueries) private readonly users: UserQueries,
  ) {}

  async userNamed(login: string): Promise<Either<AppError, UserDocument>> {
    const user = await this.users.userByLogin(login);
    return user && user.type === 'User' ? right(user) : left({ _tag: 'UserNotFound', login });
  }

  // Whether the command would be accepted now (nothing is written).
  async check(command: UserCommand): Promise<Either<AppError, void>> {
    const decision = await decideWithoutAppending(this.eventStore, userDecider, userStream(command.userId), command);
    return isLeft(decision) ? decision : right(undefined);
  }

  async run(command: UserCommand, context: CommandContext): Promise<Either<AppError, CommandOutcome<UserEvent, UserState>>> {
    // A user's commands take turns in this process (streamTurns.ts): following forty people at
    // once raced for the follower's one revision until most answered 409.
    const stream = userStream(command.userId);
    const outcome = await inTurn(this.eventStore, stream, () => handleCommand(this.eventStore, userDecider, stream, command, context));
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return outcome;
  }

  // Looks the login up, then runs the command the caller builds from the user's id.
  async runOnLogin(
    login: string,
    command: (user: UserDocument) => UserCommand,
    context: CommandContext,
  ): Promise<Either<AppError, CommandOutcome<UserEvent, UserState>>> {
    const user = await this.userNamed(login);
    if (isLeft(user)) return user;
    return this.run(command(user.right), context);
  }
}
