import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { CreateOrganizationHandler } from '../../accounts/createOrganization.handler.js';
import { CreateUserHandler } from '../../accounts/createUser.handler.js';
import { FollowUserHandler } from '../../accounts/followUser.handler.js';
import { SetOrganizationMembershipHandler } from '../../accounts/setOrganizationMembership.handler.js';
import { UserQueries } from '../../accounts/userQueries.js';
import { CreateRepositoryHandler, type CreateRepositoryInput } from '../../repositories/createRepository.handler.js';
import { ForkRepositoryHandler } from '../../repositories/forkRepository.handler.js';
import { ReplaceTopicsHandler } from '../../repositories/replaceTopics.handler.js';
import { StarRepositoryHandler } from '../../repositories/starRepository.handler.js';
import type { AppError } from '../appError.js';
import { systemContext, type CommandContext } from '../commandContext.js';
import type { Clock } from '../ports/clock.port.js';
import { TOKENS } from '../ports/tokens.js';
import { seedIssues } from './seedIssues.js';

export const DEMO_PASSWORD = 'forgelog-demo-password';
const DEMO_USERS = ['octocat', 'hubot', 'mona'] as const;

export type SeedOutcome = { readonly seeded: true; readonly logins: readonly string[] } | { readonly seeded: false; readonly reason: string };

function must<T>(step: string, result: Either<AppError, T>): T {
  if (isLeft(result)) throw new Error(`seeding failed at ${step}: ${JSON.stringify(result.left)}`);
  return result.right;
}

// A small demo world through the same application handlers the API uses, so every piece of
// it is events in their streams: users, an organization, repositories with real commits,
// topics, a fork, stars, follows, and issues with comments and labels.
export async function seedDemoData(container: Container): Promise<SeedOutcome> {
  const users = container.get(UserQueries);
  if (await users.userByLogin('octocat')) return { seeded: false, reason: 'the demo data is already there (user octocat exists)' };
  const clock = container.get<Clock>(TOKENS.Clock);
  const as = (actorId: number | null): CommandContext => ({ ...systemContext(clock.now(), actorId), userAgent: 'forgelog seed' });
  const ids: Record<string, number> = {};
  for (const login of DEMO_USERS) {
    const created = await container.get(CreateUserHandler).execute({ login, email: `${login}@example.com`, name: login, password: DEMO_PASSWORD }, as(null));
    ids[login] = must(`user ${login}`, created).userId;
  }
  const caller = (login: string) => ({ userId: ids[login]!, siteAdmin: false });
  must('organization acme', await container.get(CreateOrganizationHandler).execute({ login: 'acme', admin: 'octocat', name: 'Acme Corporation' }, as(ids.octocat!)));
  must('acme membership', await container.get(SetOrganizationMembershipHandler).execute({ org: 'acme', username: 'hubot', role: 'member', actor: { userId: ids.octocat!, siteAdmin: false } }, as(ids.octocat!)));
  const createRepository = (login: string, input: CreateRepositoryInput) => container.get(CreateRepositoryHandler).execute(caller(login), input, as(ids[login]!));
  const helloWorld = must('hello-world', await createRepository('octocat', { organizationLogin: null, name: 'hello-world', description: 'My first repository on forgelog', autoInit: true })).repositoryId;
  must('acme/platform', await createRepository('octocat', { organizationLogin: 'acme', name: 'platform', description: 'The Acme platform (private)', private: true, autoInit: true }));
  const docs = must('acme/docs', await createRepository('octocat', { organizationLogin: 'acme', name: 'docs', description: 'Acme documentation', autoInit: true })).repositoryId;
  must('topics', await container.get(ReplaceTopicsHandler).execute(caller('octocat'), helloWorld, ['demo', 'event-sourcing', 'github-api'], as(ids.octocat!)));
  must('fork', await container.get(ForkRepositoryHandler).execute(caller('hubot'), helloWorld, {}, as(ids.hubot!)));
  const stars: [string, number][] = [['hubot', helloWorld], ['mona', helloWorld], ['mona', docs]];
  for (const [login, repositoryId] of stars) must(`star by ${login}`, await container.get(StarRepositoryHandler).execute(caller(login), repositoryId, true, as(ids[login]!)));
  const follows: [string, string][] = [['hubot', 'octocat'], ['mona', 'octocat'], ['octocat', 'hubot']];
  for (const [follower, target] of follows) must(`follow ${target}`, await container.get(FollowUserHandler).follow(ids[follower]!, target, as(ids[follower]!)));
  await seedIssues(container, { repositoryId: helloWorld, authors: { octocat: ids.octocat!, hubot: ids.hubot!, mona: ids.mona! }, as });
  return { seeded: true, logins: DEMO_USERS };
}
