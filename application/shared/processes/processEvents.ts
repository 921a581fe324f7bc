import type { EventMetadata } from '../../../domain/shared/event.js';
import type { StoredEvent } from '../ports/eventStore.port.js';

// What a process appends carries its trigger's correlation and is caused by it; its actor is
// the trigger's when the append acts for them (a webhook delivery), or nobody (a step's record).
export function causedBy(trigger: StoredEvent, now: Date, actorId: number | null = null): EventMetadata {
  return { schemaVersion: 1, actorId, correlationId: trigger.metadata.correlationId, causationId: trigger.id, occurredAt: now.toISOString() };
}

// A process's history: one stream per (manager, triggering event), readable with
// `forgelog audit stream process-<manager>-<event id>`.
export const processStream = (manager: string, triggerEventId: string): string => `process-${manager}-${triggerEventId}`;

export interface ProcessTrigger {
  readonly manager: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly streamId: string;
  readonly position: number;
}

export interface ProcessStepCompletedData {
  readonly trigger: ProcessTrigger;
  readonly step: string;
  readonly attempts: number;
  readonly processCompleted: boolean; // the process's last step
}

export interface ProcessStepFailedData {
  readonly trigger: ProcessTrigger;
  readonly step: string;
  readonly attempt: number;
  readonly error: string;
  readonly retryAt: string;
}

export interface ProcessStepAbandonedData {
  readonly trigger: ProcessTrigger;
  readonly step: string;
  readonly attempts: number;
  readonly error: string;
}

export const PROCESS_EVENT_TYPES = ['ProcessStepCompleted', 'ProcessStepFailed', 'ProcessStepAbandoned'] as const;

export type ProcessStatus = 'running' | 'completed' | 'abandoned';

export interface ProcessState {
  readonly status: ProcessStatus;
  readonly completedSteps: readonly string[];
  readonly attempts: Readonly<Record<string, number>>;
  readonly lastError: string | null;
  readonly retryAt: string | null;
  readonly revision: number; // of the process stream; -1 when nothing is recorded yet
}

// The state of a process, folded from its stream: what status endpoints and audits read.
export function processStateOf(history: readonly StoredEvent[]): ProcessState {
  const completed: string[] = [];
  const attempts: Record<string, number> = Object.create(null);
  let lastError: string | null = null;
  let retryAt: string | null = null;
  let abandoned = false;
  let finished = false;
  for (const event of history) {
    if (event.type === 'ProcessStepCompleted') {
      const data = event.data as ProcessStepCompletedData;
      completed.push(data.step);
      attempts[data.step] = data.attempts;
      retryAt = null;
      finished = data.processCompleted;
    } else if (event.type === 'ProcessStepFailed') {
      const data = event.data as ProcessStepFailedData;
      attempts[data.step] = data.attempt;
      lastError = data.error;
      retryAt = data.retryAt;
    } else if (event.type === 'ProcessStepAbandoned') {
      const data = event.data as ProcessStepAbandonedData;
      attempts[data.step] = data.attempts;
      lastError = data.error;
      abandoned = true;
    }
  }
  return {
    status: abandoned ? 'abandoned' : finished ? 'completed' : 'running',
    completedSteps: completed,
    attempts,
    lastError,
    retryAt,
    revision: history.length === 0 ? -1 : history[history.length - 1]!.revision,
  };
}
