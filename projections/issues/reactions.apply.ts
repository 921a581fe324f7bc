import type { ReactionDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { ReactionEvent } from '../../domain/issues/reaction.decider.js';
import { countReaction, reactions } from './issueCounters.js';

export async function applyReactionEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as ReactionEvent;
  if (event.type === 'ReactionAdded') {
    const { reactionId, subject, repositoryId, userId, content, createdAt } = event.data;
    const document: ReactionDocument = {
      _id: String(reactionId),
      id: reactionId,
      subject_type: subject.type,
      subject_id: subject.id,
      repository_id: repositoryId,
      user_id: userId,
      content,
      created_at: createdAt,
    };
    const { upserted } = await reactions(target).replaceOne({ _id: document._id }, document, { upsert: true });
    if (upserted) await countReaction(subject, content, 1, target);
    return;
  }
  // The removed reaction's content is in its document (the event names only the reaction).
  const removed = await reactions(target).findOne({ _id: String(event.data.reactionId) });
  if (removed && (await reactions(target).deleteOne({ _id: removed._id })) === 1) await countReaction(event.data.subject, removed.content, -1, target);
}
