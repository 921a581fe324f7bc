// Domain events as deciders produce them: a type, a JSON payload, nothing about storage.
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

// An OAuth application acting with its own client credentials (GitHub's OAuth Applications
// API: it resets or revokes a token it was given). Its name is kept as it was then.
export interface ActorApplication {
  readonly id: number;
  readonly clientId: string;
  readonly name: string;
}

// Carried beside every stored event: who, when, why, and from where (for the audit trail).
// The actor is a user (actorId), an application (actorApplication, absent on events recorded
// before applications acted, and on every other event), or neither: the system.
export interface EventMetadata {
  readonly schemaVersion: number;
  readonly actorId: number | null;
  readonly actorApplication?: ActorApplication;
  readonly correlationId: string;
  readonly causationId: string;
  readonly occurredAt: string;
  readonly ip?: string;
  readonly userAgent?: string;
}
