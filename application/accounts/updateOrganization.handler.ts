import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { organizationDecider, organizationStream, type OrganizationActor } from '../../domain/accounts/organization.decider.js';
import type { OrganizationProfile } from '../../domain/accounts/organization.events.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { OrganizationQueries } from './organization.queries.js';

export interface UpdateOrganizationInput {
  readonly org: string;
  readonly actor: OrganizationActor;
  readonly changes: Partial<OrganizationProfile>;
}

@injectable()
export class UpdateOrganizationHandler {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
  ) {}

  async execute(input: UpdateOrganizationInput, context: CommandContext): Promise<Either<AppError, { orgId: number }>> {
    const organization = await this.organizations.organizationByLogin(input.org);
    if (!organization) return left({ _tag: 'OrganizationNotFound', org: input.org });
    const updated = await handleCommand(
      this.eventStore,
      organizationDecider,
      organizationStream(organization.id),
      {
        type: 'UpdateOrganization',
        actor: input.actor,
        changes: input.changes,
        now: context.occurredAt,
      },
      context,
    );
    if (isLeft(updated)) return updated;
    await this.readYourWrites.settle(updated.right.position);
    return right({ orgId: organization.id });
  }
}
