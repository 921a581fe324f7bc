import type { Container } from 'inversify';
import { OrganizationQueries } from '../../../application/accounts/organization.queries.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { HookCommands } from '../../../application/webhooks/hookCommands.handler.js';
import { HookQueries } from '../../../application/webhooks/hookQueries.js';

export interface WebhooksDeps {
  readonly hooks: HookQueries;
  readonly commands: HookCommands;
  readonly repositories: RepositoryQueries;
  readonly organizations: OrganizationQueries;
  readonly clock: Clock;
}

export function webhooksDeps(container: Container): WebhooksDeps {
  return {
    hooks: container.get(HookQueries),
    commands: container.get(HookCommands),
    repositories: container.get(RepositoryQueries),
    organizations: container.get(OrganizationQueries),
    clock: container.get<Clock>(TOKENS.Clock),
  };
}
