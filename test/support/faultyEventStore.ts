import type { AllSubscription, AppendResult, EventToAppend, ExpectedRevision, SubscribeToAllOptions } from '../../application/shared/ports/eventStore.port.js';
import { DelegatingEventStore } from './delegatingEventStore.js';

export class InjectedFault extends Error {
  constructor(streamId: string) {
    super(`injected fault: append to ${streamId}`);
    this.name = 'InjectedFault';
  }
}

// An event store that fails on cue, for crash specs. `failOnce` fails one append to a
// matching stream (a command that fails); `crashAt` fails it and every append after it, as
// a process that died there would write nothing more.
export class FaultyEventStore extends DelegatingEventStore {
  private trigger: { pattern: RegExp; crash: boolean; afterAppending?: boolean; eventType?: string } | undefined;
  private dead = false;

  failOnce(pattern: RegExp): void {
    this.trigger = { pattern, crash: false };
  }

  // With an event type, only an append holding an event of that type.
  crashAt(pattern: RegExp, eventType?: string): void {
    this.trigger = { pattern, crash: true, ...(eventType ? { eventType } : {}) };
  }

  isDead(): boolean {
    return this.dead;
  }

  // The append is made (durable), then the process "dies": nothing after it is written.
  // With an event type, only an append holding an event of that type.
  crashAfter(pattern: RegExp, eventType?: string): void {
    this.trigger = { pattern, crash: true, afterAppending: true, ...(eventType ? { eventType } : {}) };
  }

  override async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.dead) throw new InjectedFault(streamId);
    if (this.trigger?.pattern.test(streamId) && (this.trigger.eventType === undefined || events.some((event) => event.type === this.trigger!.eventType))) {
      const trigger = this.trigger;
      this.trigger = undefined;
      // Dead from here on: a dead process neither writes nor hears of what it wrote.
      this.dead = trigger.crash;
      if (trigger.afterAppending) await this.inner.append(streamId, events, expected);
      throw new InjectedFault(streamId);
    }
    return this.inner.append(streamId, events, expected);
  }

  override subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    return this.inner.subscribeToAll({ ...options, onEvent: (event) => (this.dead ? Promise.resolve() : options.onEvent(event)) });
  }
}
