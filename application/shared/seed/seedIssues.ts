import type { Container } from 'inversify';
import type { CommandContext } from '../commandContext.js';

export interface IssueSeedTarget {
  readonly repositoryId: number;
  readonly authors: { readonly octocat: number; readonly hubot: number; readonly mona: number };
  readonly as: (actorId: number) => CommandContext;
}

export async function seedIssues(_container: Container, _target: IssueSeedTarget): Promise<void> {}
