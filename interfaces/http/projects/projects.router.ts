import { Router } from 'express';
import type { Container } from 'inversify';
import { requirePreview } from '../shared/mediaType.js';
import { columnAndCardRoutes } from './columnsAndCards.routes.js';
import { projectCollaboratorRoutes } from './projectCollaborators.routes.js';
import { projectsDeps } from './projects.deps.js';
import { projectRoutes } from './projects.routes.js';
import { projectAuditRoutes } from './projectAudit.routes.js';

// Every classic projects route wants the inertia preview (415 without it). Mounted after the
// repositories router, which resolves /repos/:owner/:repo.
export function projectsRouter(container: Container): Router {
  const deps = projectsDeps(container);
  const router = Router();
  const inertia = requirePreview('inertia');
  router.use(['/projects', '/repos/:owner/:repo/projects', '/orgs/:org/projects', '/users/:username/projects', '/user/projects'], inertia);
  // First: the as_of forms of three reads answer before the present-day routes.
  projectAuditRoutes(router, deps);
  projectRoutes(router, deps);
  columnAndCardRoutes(router, deps);
  projectCollaboratorRoutes(router, deps);
  return router;
}
