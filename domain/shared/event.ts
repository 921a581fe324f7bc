// Domain events as deciders produce them: a type, a JSON payload, nothing about storage.
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

// Carried beside every stored event: who, when, why, and from where (for the audit trail).
export interface EventMetadata {
  readonly schemaVersion: number;
  readonly actorId: number | null;
  readonly correlationId: string;
  readonly causationId: string;
  readonly occurredAt: string;
  readonly ip?: string;
  readonly userAgent?: string;
}
