import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { CommandContext } from '../../../application/shared/commandContext.js';
import { callerOf } from './caller.js';

// The audit metadata of a command that arrived over HTTP: actor (a user, or an application by
// its verified client credentials), request id, ip, user agent.
export function commandContext(req: Request, res: Response, now: Date): CommandContext {
  const caller = callerOf(res);
  const requestId = (res.getHeader('X-GitHub-Request-Id') as string | undefined) ?? randomUUID();
  const userAgent = req.get('user-agent');
  return {
    actorId: caller.kind === 'user' ? caller.userId : null,
    ...(caller.kind === 'application' ? { actorApplication: { id: caller.applicationId, clientId: caller.clientId, name: caller.name } } : {}),
    correlationId: requestId,
    causationId: requestId,
    occurredAt: now,
    ...(req.ip ? { ip: req.ip } : {}),
    ...(userAgent ? { userAgent } : {}),
  };
}
