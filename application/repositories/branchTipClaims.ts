import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { branchTipStream, type BranchTipClaimed } from '../../domain/repositories/branchTipClaim.js';
import { metadataFor, type CommandContext } from '../shared/commandContext.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// The revision read before the branch's tip is read, so a claim made in between is seen as a conflict.
export type ClaimRevision = number | 'no_stream';

@injectable()
export class BranchTipClaims {
  constructor(@inject(TOKENS.EventStore) private readonly eventStore: EventStore) {}

  async revision(repositoryId: number, ref: string): Promise<ClaimRevision> {
    const [last] = await this.eventStore.readStream(branchTipStream(repositoryId, ref), { direction: 'backwards', maxCount: 1 });
    return last ? last.revision : 'no_stream';
  }

  // False when another writer claimed the branch since `revision` was read.
  async claim(claim: BranchTipClaimed['data'], revision: ClaimRevision, context: CommandContext): Promise<boolean> {
    const event = { id: randomUUID(), type: 'BranchTipClaimed', data: claim, metadata: metadataFor(context) };
    const result = await this.eventStore.append(branchTipStream(claim.repositoryId, claim.ref), [event], revision);
    return result.outcome === 'appended';
  }
}
