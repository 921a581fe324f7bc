import type { Clock } from '../ports/clock.port.js';
import { DuplicateKeyError, type Document, type ReadModelStore } from '../ports/readModelStore.port.js';

export const LEASES_COLLECTION = '_leases';

interface LeaseDocument extends Document {
  _id: string;
  holder: string;
  expiresAt: number;
}

// One projection worker at a time over shared read models: the worker holds a lease it
// renews well before it expires; a worker that stops renewing (killed, partitioned) loses
// it at expiry and a standby takes over. A worker that finds its lease taken stops at once,
// before writing again. (The embedded family needs none: its data directory is locked.)
export class WorkerLease {
  constructor(
    private readonly store: ReadModelStore,
    private readonly clock: Clock,
    private readonly name: string,
    readonly holder: string,
    readonly ttlMs: number,
  ) {}

  // Takes the lease if it is free, expired, or already ours.
  async tryAcquire(): Promise<boolean> {
    const now = this.clock.now().getTime();
    try {
      const result = await this.leases().updateOne(
        { _id: this.name, $or: [{ holder: this.holder }, { expiresAt: { $lt: now } }] },
        { $set: { holder: this.holder, expiresAt: now + this.ttlMs } },
        { upsert: true },
      );
      return result.matched === 1 || result.upserted;
    } catch (error) {
      // Held by another worker: the upsert tried to insert a second lease document.
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  // False once another worker holds it.
  async renew(): Promise<boolean> {
    const result = await this.leases().updateOne({ _id: this.name, holder: this.holder }, { $set: { expiresAt: this.clock.now().getTime() + this.ttlMs } });
    return result.matched === 1;
  }

  async release(): Promise<void> {
    await this.leases().deleteOne({ _id: this.name, holder: this.holder });
  }

  async currentHolder(): Promise<string | null> {
    return (await this.leases().findOne({ _id: this.name }))?.holder ?? null;
  }

  private leases() {
    return this.store.collection<LeaseDocument>(LEASES_COLLECTION);
  }
}
