import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { CreateOrganizationHandler } from '../../accounts/createOrganization.handler.js';
import { CreateUserHandler } from '../../accounts/createUser.handler.js';
import { FollowUserHandler } from '../../accounts/followUser.handler.js';
import { SetOrganizationMembershipHandler } from '../../accounts/setOrganizationMembership.handler.js';
import { UserQueries } from '../../accounts/user.queries.js';
import { CreateRepositoryHandler, type CreateRepositoryInput } from '../../repositories/createRepository.handler.js';
import { RepositoryQueries } from '../../repositories/repository.queries.js';
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

export type SeedOutcome =
  { readonly seeded: true; readonly logins: readonly string[]; readonly skipped: readonly string[] } | { readonly seeded: false; readonly reason: string };

function must<T>(step: string, result: Either<AppError, T>): T {
  if (isLeft(result)) throw new Error(`seeding failed at ${step}: ${JSON.stringify(result.left)}`);
  return result.right;
}

// A small demo world through the same application handlers the API uses, so every piece of
// it is events in their streams: users, an organization, repositories with real commits,
// topics, a fork, stars, follows, and issues with comments and labels. On a data directory
// that has some of it already, it adds what is missing and says what it skipped; it never
// changes an account or repository that exists (a demo login a person holds keeps its password).
export async function seedDemoData(container: Container): Promise<SeedOutcome> {
  const users = container.get(UserQueries);
  const repositories = container.get(RepositoryQueries);
  const clock = container.get<Clock>(TOKENS.Clock);
  const as = (actorId: number | null): CommandContext => ({ ...systemContext(clock.now(), actorId), userAgent: 'forgelog seed' });
  const skipped: string[] = [];
  let added = 0;
  const ids: Record<string, number> = {};
  for (const login of DEMO_USERS) {
    const existing = await users.userByLogin(login);
    if (existing?.type === 'Organization') throw new Error(`seeding needs the login "${login}" for a demo user, and an organization has it`);
    if (existing) {
      ids[login] = existing.id;
      skipped.push(`user ${login} (exists; its password is unchanged)`);
      continue;
    }
    const input = { login, email: `${login}@example.com`, name: login, password: DEMO_PASSWORD };
    let created = await container.get(CreateUserHandler).execute(input, as(null));
    // An account here has the demo address already (renamed away from the demo login, say).
    if (isLeft(created) && created.left._tag === 'EmailTaken') {
      skipped.push(`the email of user ${login} (another account has ${input.email})`);
      created = await container.get(CreateUserHandler).execute({ ...input, email: null }, as(null));
    }
    ids[login] = must(`user ${login}`, created).userId;
    added++;
  }
  const caller = (login: string) => ({ userId: ids[login]!, siteAdmin: false });
  const acme = await users.userByLogin('acme');
  if (acme && acme.type !== 'Organization') throw new Error('seeding needs the login "acme" for the demo organization, and a user has it');
  if (acme) skipped.push('organization acme (exists)');
  else {
    must(
      'organization acme',
      await container.get(CreateOrganizationHandler).execute({ login: 'acme', admin: 'octocat', name: 'Acme Corporation' }, as(ids.octocat!)),
    );
    must(
      'acme membership',
      await container
        .get(SetOrganizationMembershipHandler)
        .execute({ org: 'acme', username: 'hubot', role: 'member', actor: { userId: ids.octocat!, siteAdmin: false } }, as(ids.octocat!)),
    );
    added++;
  }
  const acmeId = (await users.userByLogin('acme'))!.id;
  // A repository is created only where its full name is free; an existing one is left as it is.
  const ensureRepository = async (ownerId: number, fullName: string, input: CreateRepositoryInput): Promise<{ id: number; created: boolean }> => {
    const existing = await repositories.byOwnerAndName(ownerId, input.name);
    if (existing) {
      skipped.push(`repository ${fullName} (exists; its topics, fork and issues are not added)`);
      return { id: existing.id, created: false };
    }
    added++;
    return { id: must(fullName, await container.get(CreateRepositoryHandler).execute(caller('octocat'), input, as(ids.octocat!))).repositoryId, created: true };
  };
  const helloWorld = await ensureRepository(ids.octocat!, 'octocat/hello-world', {
    organizationLogin: null,
    name: 'hello-world',
    description: 'My first repository on forgelog',
    autoInit: true,
  });
  await ensureRepository(acmeId, 'acme/platform', {
    organizationLogin: 'acme',
    name: 'platform',
    description: 'The Acme platform (private)',
    private: true,
    autoInit: true,
  });
  const docs = await ensureRepository(acmeId, 'acme/docs', { organizationLogin: 'acme', name: 'docs', description: 'Acme documentation', autoInit: true });
  if (helloWorld.created) {
    must(
      'topics',
      await container.get(ReplaceTopicsHandler).execute(caller('octocat'), helloWorld.id, ['demo', 'event-sourcing', 'github-api'], as(ids.octocat!)),
    );
    if (await repositories.byOwnerAndName(ids.hubot!, 'hello-world')) skipped.push('repository hubot/hello-world (exists; the fork is not made)');
    else must('fork', await container.get(ForkRepositoryHandler).execute(caller('hubot'), helloWorld.id, {}, as(ids.hubot!)));
    await seedIssues(container, { repositoryId: helloWorld.id, authors: { octocat: ids.octocat!, hubot: ids.hubot!, mona: ids.mona! }, as });
  }
  // Stars and follows are idempotent: an existing one stays as it is.
  const stars: [string, number][] = [
    ['hubot', helloWorld.id],
    ['mona', helloWorld.id],
    ['mona', docs.id],
  ];
  for (const [login, repositoryId] of stars)
    must(`star by ${login}`, await container.get(StarRepositoryHandler).execute(caller(login), repositoryId, true, as(ids[login]!)));
  const follows: [string, string][] = [
    ['hubot', 'octocat'],
    ['mona', 'octocat'],
    ['octocat', 'hubot'],
  ];
  for (const [follower, target] of follows) must(`follow ${target}`, await container.get(FollowUserHandler).follow(ids[follower]!, target, as(ids[follower]!)));
  if (added === 0)
    return { seeded: false, reason: 'the demo data is already there (users octocat, hubot, mona, organization acme and its repositories exist)' };
  return { seeded: true, logins: DEMO_USERS, skipped };
}
