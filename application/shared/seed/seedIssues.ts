import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { IssueCommentsHandler } from '../../issues/issueComments.handler.js';
import { OpenIssueHandler } from '../../issues/openIssue.handler.js';
import { ReactionsHandler } from '../../issues/reactions.handler.js';
import { UpdateIssueHandler } from '../../issues/updateIssue.handler.js';
import type { AppError } from '../appError.js';
import type { CommandContext } from '../commandContext.js';

export interface IssueSeedTarget {
  readonly repositoryId: number;
  readonly authors: { readonly octocat: number; readonly hubot: number; readonly mona: number };
  readonly as: (actorId: number) => CommandContext;
}

function must<T>(step: string, result: Either<AppError, T>): T {
  if (isLeft(result)) throw new Error(`seeding failed at ${step}: ${JSON.stringify(result.left)}`);
  return result.right;
}

// Issues on octocat/hello-world: an open bug with a discussion, a closed question.
export async function seedIssues(container: Container, { repositoryId, authors, as }: IssueSeedTarget): Promise<void> {
  const caller = (userId: number) => ({ userId, siteAdmin: false });
  const open = container.get(OpenIssueHandler);
  const comments = container.get(IssueCommentsHandler);
  const bug = must(
    'issue 1',
    await open.execute(
      caller(authors.octocat),
      repositoryId,
      {
        title: 'The README greets nobody',
        body: 'It should say hello to the world.',
        labels: ['bug', 'good first issue'],
      },
      as(authors.octocat),
    ),
  ).number;
  must('comment 1', await comments.create(caller(authors.hubot), repositoryId, bug, 'I can take this one.', as(authors.hubot)));
  must('comment 2', await comments.create(caller(authors.octocat), repositoryId, bug, 'Thanks, @hubot!', as(authors.octocat)));
  must('reaction', await container.get(ReactionsHandler).add(caller(authors.mona), repositoryId, { type: 'issue', number: bug }, 'heart', as(authors.mona)));
  const question = must('issue 2', await open.execute(caller(authors.mona), repositoryId, { title: 'Which license is this under?' }, as(authors.mona))).number;
  must('answer', await comments.create(caller(authors.octocat), repositoryId, question, 'MIT, see the README.', as(authors.octocat)));
  must(
    'close',
    await container
      .get(UpdateIssueHandler)
      .execute(caller(authors.octocat), repositoryId, question, { state: 'closed', stateReason: 'completed' }, as(authors.octocat)),
  );
}
