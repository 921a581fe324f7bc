import { LABELS_COLLECTION, type LabelDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import { keepDeletedCopy } from '../shared/deletedCopies.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import { DEFAULT_LABELS, defaultLabelId, labelNameKey } from '../../domain/issues/defaultLabels.js';
import type { LabelEvent } from '../../domain/issues/label.decider.js';
import type { RepositoryCreated } from '../../domain/repositories/repository.events.js';

const labels = (target: ProjectionTarget) => target.collection<LabelDocument>(LABELS_COLLECTION);

// A new repository's default labels are materialized here rather than by a reactor that
// would append LabelCreated events: a projection cannot append, a reactor would make the
// labels appear some time after the repository (breaking read-your-writes for its creator),
// and the repositories area would otherwise have to know about labels. The labels are
// implied by RepositoryCreated (domain/issues/defaultLabels.ts gives their ids), so later
// label events override or delete them like any other label. $setOnInsert: a repeated
// RepositoryCreated never undoes an edit.
export async function materializeDefaultLabels(data: RepositoryCreated['data'], target: ProjectionTarget): Promise<void> {
  for (const [index, facts] of DEFAULT_LABELS.entries()) {
    const id = defaultLabelId(data.repositoryId, index);
    const document: LabelDocument = {
      _id: String(id),
      id,
      repository_id: data.repositoryId,
      name: facts.name,
      name_key: labelNameKey(facts.name),
      color: facts.color,
      description: facts.description,
      default: true,
    };
    await labels(target).updateOne({ _id: document._id }, { $setOnInsert: document }, { upsert: true });
  }
}

export async function applyLabelEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as LabelEvent;
  switch (event.type) {
    case 'LabelCreated': {
      const { labelId, repositoryId, name, color, description } = event.data;
      const document: LabelDocument = {
        _id: String(labelId),
        id: labelId,
        repository_id: repositoryId,
        name,
        name_key: labelNameKey(name),
        color,
        description,
        default: false,
      };
      await labels(target).replaceOne({ _id: document._id }, document, { upsert: true });
      return;
    }
    case 'LabelUpdated': {
      const { name, ...rest } = event.data.changes;
      const fields = { ...rest, ...(name === undefined ? {} : { name, name_key: labelNameKey(name) }) };
      await labels(target).updateOne({ _id: String(event.data.labelId) }, { $set: fields });
      return;
    }
    case 'LabelDeleted':
      await keepDeletedCopy(target, 'label', await labels(target).findOne({ _id: String(event.data.labelId) }), stored.metadata.occurredAt);
      await labels(target).deleteOne({ _id: String(event.data.labelId) });
      return;
  }
}
