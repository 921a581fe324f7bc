import { milestoneSortKeys, type MilestoneDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { MilestoneEvent } from '../../domain/issues/milestone.decider.js';
import { milestones } from './issueCounters.js';
import { keepDeletedCopy } from '../shared/deletedCopies.js';

export async function applyMilestoneEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as MilestoneEvent;
  switch (event.type) {
    case 'MilestoneCreated': {
      const data = event.data;
      const counted = { due_on: data.dueOn, open_issues: 0, closed_issues: 0 };
      const document: MilestoneDocument = {
        _id: String(data.milestoneId),
        id: data.milestoneId,
        repository_id: data.repositoryId,
        number: data.number,
        title: data.title,
        description: data.description,
        state: data.state,
        due_on: data.dueOn,
        creator_id: data.creatorId,
        // no issue can be in a milestone before it exists
        open_issues: 0,
        closed_issues: 0,
        created_at: data.createdAt,
        updated_at: data.createdAt,
        closed_at: data.state === 'closed' ? data.createdAt : null,
        ...milestoneSortKeys(counted),
      };
      await milestones(target).replaceOne({ _id: document._id }, document, { upsert: true });
      return;
    }
    case 'MilestoneUpdated': {
      const { title, description, state, dueOn } = event.data.changes;
      const fields: Partial<MilestoneDocument> = { updated_at: event.data.updatedAt };
      if (title !== undefined) fields.title = title;
      if (description !== undefined) fields.description = description;
      if (dueOn !== undefined)
        Object.assign(fields, { due_on: dueOn, due_sort: milestoneSortKeys({ due_on: dueOn, open_issues: 0, closed_issues: 0 }).due_sort });
      if (state !== undefined) Object.assign(fields, { state, closed_at: state === 'closed' ? event.data.updatedAt : null });
      await milestones(target).updateOne({ _id: String(event.data.milestoneId) }, { $set: fields });
      return;
    }
    case 'MilestoneDeleted':
      await keepDeletedCopy(target, 'milestone', await milestones(target).findOne({ _id: String(event.data.milestoneId) }), stored.metadata.occurredAt);
      await milestones(target).deleteOne({ _id: String(event.data.milestoneId) });
      return;
  }
}
