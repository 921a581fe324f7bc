import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import type { RepositoryView } from '../../../application/repositories/repository.queries.js';

type Visibility = Pick<RepositoryDocument, 'private' | 'owner_id'>;

// A public repository's deliveries embed no private repository of another account (a private
// fork's head in a pull request, the private parent of a public fork): the API shows those to
// nobody who may not read them, and GitHub, whose networks split when a visibility changes,
// has none to embed. A private repository's deliveries are left as they were.
export function deliveryEmbeds(repository: Visibility, related: Visibility): boolean {
  return repository.private || !related.private || related.owner_id === repository.owner_id;
}

// The repository of a delivery with its parent and source only where it may embed them.
export function deliveredView(view: RepositoryView): RepositoryView {
  const shown = (related: RepositoryView['parent']) => (related && deliveryEmbeds(view.repository, related.repository) ? related : null);
  return { ...view, parent: shown(view.parent), source: shown(view.source) };
}
