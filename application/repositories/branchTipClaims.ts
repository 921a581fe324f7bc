import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { gitRefStream, refEventType, type RefMoved } from '../../domain/gitdata/refMoved.js';
import { metadataFor, type CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// The revision read before the branch's tip is read, so a claim made in between is seen as a conflict.
export type ClaimRevision = number | 'no_stream';

export interface BranchClaim {
  readonly repositoryId: number;
  readonly ref: string;
  readonly from: string;
  readonly to: string;
  readonly pullRequestId: number;
}

// A merge's claim on its base branch, as a RefMoved in the ref's stream (the same event API
// updates and pushes record); withdrawn by the reverse move when the merge is refused.
@injectable()
export class BranchTipClaims {
  constructor(@inject(TOKENS.EventStore) private readonly eventStore: EventStore) {}

  async revision(repositoryId: number, ref: string): Promise<ClaimRevision> {
    const [last] = await this.eventStore.readStream(gitRefStream(repositoryId, ref), { direction: 'backwards', maxCount: 1 });
    return last ? last.revision : 'no_stream';
  }

  // The revision of the claim, or null when another writer moved the branch since `revision` was read.
  async claim(claim: BranchClaim, revision: ClaimRevision, context: CommandContext): Promise<number | null> {
    const data: RefMoved['data'] = { ...claim, forced: false };
    const result = await this.eventStore.append(
      gitRefStream(claim.repositoryId, claim.ref),
      [{ id: randomUUID(), type: refEventType(data), data, metadata: metadataFor(context) }],
      revision,
    );
    return result.outcome === 'appended' ? result.nextRevision : null;
  }

  async withdraw(claim: BranchClaim, claimRevision: number, context: CommandContext): Promise<void> {
    const data: RefMoved['data'] = { ...claim, from: claim.to, to: claim.from, forced: true };
    await this.eventStore.append(
      gitRefStream(claim.repositoryId, claim.ref),
      [{ id: randomUUID(), type: refEventType(data), data, metadata: metadataFor(context) }],
      claimRevision,
    );
  }
}
