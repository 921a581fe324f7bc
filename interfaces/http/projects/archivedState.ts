import type { Request, Response } from 'express';
import type { ArchivedStateFilter } from '../../../application/projects/projectQueries.js';
import { sendGithubError } from '../shared/githubError.js';

// `archived_state` of a column's card list (GitHub's default: not_archived); null for a value
// GitHub refuses. A repeated parameter takes its last value, as Rails does.
export function archivedStateOf(req: Request): ArchivedStateFilter | null {
  const raw = req.query.archived_state;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined) return 'not_archived';
  return value === 'all' || value === 'archived' || value === 'not_archived' ? value : null;
}

export function sendInvalidArchivedState(res: Response): void {
  sendGithubError(res, 422, 'Validation Failed', { errors: [{ resource: 'ProjectCard', field: 'archived_state', code: 'invalid' }] });
}
