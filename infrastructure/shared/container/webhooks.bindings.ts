import type { Container } from 'inversify';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { HookCommands } from '../../../application/webhooks/hookCommands.handler.js';
import { HookQueries } from '../../../application/webhooks/hookQueries.js';
import { DEFAULT_WEBHOOK_TRANSPORT, HttpWebhookTransport } from '../../webhooks/httpWebhookTransport.js';
import type { Config } from '../config/config.js';

// Hook secrets are encrypted as two-factor secrets are (the same cipher and key).
export function bindWebhooks(container: Container): void {
  const config = container.get<Config>(TOKENS.Config);
  container.bind(TOKENS.WebhookSecretCipher).toDynamicValue(() => container.get(TOKENS.TotpSecretCipher));
  container.bind(TOKENS.WebhookTransport).toConstantValue(
    new HttpWebhookTransport({
      ...DEFAULT_WEBHOOK_TRANSPORT,
      allowPrivateTargets: config.webhooks.allowPrivateTargets,
      timeoutMs: config.webhooks.timeoutMs,
    }),
  );
  container.bind(HookQueries).toSelf().inSingletonScope();
  container.bind(HookCommands).toSelf().inSingletonScope();
}
