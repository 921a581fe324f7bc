import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { webhookDeliveryStream, type WebhookRedeliveryRequested } from '../../domain/webhooks/delivery.events.js';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { hookDecider, type HookChanges, type HookCommand } from '../../domain/webhooks/hook.decider.js';
import { hookStream, type HookConfig, type HookOwner, type HookSettings } from '../../domain/webhooks/hook.events.js';
import type { WebhooksError } from '../../domain/webhooks/webhooks.errors.js';
import type { AppError } from '../shared/appError.js';
import { metadataFor, type CommandContext } from '../shared/commandContext.js';
import { inTurn } from '../shared/streamTurns.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { SecretCipher } from '../shared/ports/secretCipher.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import { HookQueries } from './hookQueries.js';
import type { HookDeliveryDocument, HookDocument } from './webhooks.readModel.js';

// The config as a client sends it: the secret in the clear (it is encrypted before any event).
export interface HookConfigInput {
  readonly url?: string;
  readonly contentType?: 'json' | 'form';
  readonly insecureSsl?: '0' | '1';
  // null or '' removes the secret.
  readonly secret?: string | null;
}

export interface HookInput {
  readonly events?: readonly string[];
  readonly addEvents?: readonly string[];
  readonly removeEvents?: readonly string[];
  readonly active?: boolean;
  readonly config?: HookConfigInput;
}

// Creating, changing, deleting and pinging hooks; who may is decided by the route (repository
// admins, organization owners), as for every area.
@injectable()
export class HookCommands {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.IdAllocator) private readonly ids: IdAllocator,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(TOKENS.WebhookSecretCipher) private readonly cipher: SecretCipher,
    @inject(HookQueries) private readonly hooks: HookQueries,
  ) {}

  // One hook per URL and owner, as GitHub refuses a second ("Hook already exists on this
  // repository"). An owner's creations take turns (streamTurns.ts), so two sent at once are
  // checked one after the other.
  async create(owner: HookOwner, input: HookInput, context: CommandContext): Promise<Either<AppError, HookDocument>> {
    const url = input.config?.url;
    if (!url) return left({ _tag: 'HookValidationFailed', field: 'url', code: 'missing_field', message: 'url is missing' });
    const config = await this.configOf({ ...input.config, url });
    return inTurn(this.eventStore, `hooks-of-${owner.kind}-${owner.id}`, async () => {
      if (await this.hooks.withUrl(owner, url))
        return left({ _tag: 'HookValidationFailed', code: 'custom', message: `Hook already exists on this ${owner.kind}` });
      const hookId = await this.ids.next('hook');
      const settings: HookSettings = { events: [...(input.events ?? ['push'])], active: input.active ?? true, config };
      return this.run(hookId, { type: 'CreateHook', hookId, owner, now: context.occurredAt, ...settings }, context);
    });
  }

  async update(hook: HookDocument, input: HookInput, context: CommandContext): Promise<Either<AppError, HookDocument>> {
    // Applied by the decider to the hook as it is then: two changes at once both count.
    const changes: HookChanges = {
      ...(input.events !== undefined ? { events: [...input.events] } : {}),
      ...(input.addEvents !== undefined ? { addEvents: [...input.addEvents] } : {}),
      ...(input.removeEvents !== undefined ? { removeEvents: [...input.removeEvents] } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.config !== undefined ? { config: await this.configChanges(input.config) } : {}),
    };
    // One hook's changes take turns in the process: ten at once raced for one revision (409s).
    return inTurn(this.eventStore, hookStream(hook.id), () => this.run(hook.id, { type: 'UpdateHook', changes, now: context.occurredAt }, context));
  }

  async delete(hook: HookDocument, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, hookDecider, hookStream(hook.id), { type: 'DeleteHook', now: context.occurredAt }, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }

  async ping(hook: HookDocument, context: CommandContext): Promise<Either<AppError, void>> {
    return this.signal(hook, { type: 'PingHook', now: context.occurredAt }, context);
  }

  async test(hook: HookDocument, context: CommandContext): Promise<Either<AppError, void>> {
    return this.signal(hook, { type: 'TestHook', now: context.occurredAt }, context);
  }

  private async signal(hook: HookDocument, command: HookCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const outcome = await handleCommand(this.eventStore, hookDecider, hookStream(hook.id), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(undefined);
  }

  // POST .../deliveries/{id}/attempts: the sender tries the same delivery (same GUID) once more.
  async redeliver(delivery: HookDeliveryDocument, context: CommandContext): Promise<void> {
    const data: WebhookRedeliveryRequested['data'] = { guid: delivery.guid, hookId: delivery.hook_id, requestedAt: context.occurredAt.toISOString() };
    await this.eventStore.append(
      webhookDeliveryStream(delivery.guid),
      [{ id: randomUUID(), type: 'WebhookRedeliveryRequested', data, metadata: metadataFor(context) }],
      'stream_exists',
    );
  }

  private async run(hookId: number, command: HookCommand, context: CommandContext): Promise<Either<AppError, HookDocument>> {
    const outcome = await handleCommand(this.eventStore, hookDecider, hookStream(hookId), command, context);
    if (isLeft(outcome)) return outcome;
    await this.readYourWrites.settle(outcome.right.position);
    const hook = await this.hooks.byId(hookId);
    return hook ? right(hook) : left({ _tag: 'HookNotFound' } satisfies WebhooksError);
  }

  // The config's fields a request sent (a PATCH keeps the others); the secret is encrypted
  // here, never stored in the clear.
  private async configChanges(input: HookConfigInput): Promise<Partial<HookConfig>> {
    return {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.contentType !== undefined ? { contentType: input.contentType } : {}),
      ...(input.insecureSsl !== undefined ? { insecureSsl: input.insecureSsl } : {}),
      ...(input.secret !== undefined
        ? { secretCiphertext: input.secret === null || input.secret === '' ? null : await this.cipher.encrypt(input.secret) }
        : {}),
    };
  }

  // A new hook's config: GitHub's defaults for the fields not sent.
  private async configOf(input: HookConfigInput): Promise<HookConfig> {
    return { url: '', contentType: 'form', insecureSsl: '0', secretCiphertext: null, ...(await this.configChanges(input)) };
  }
}
