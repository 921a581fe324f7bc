import type { ProjectsError } from '../../../domain/projects/projects.errors.js';
import type { ErrorTable } from '../shared/httpError.js';

// The projects area's part of the error table, with GitHub's messages.
export const projectsHttpErrors: ErrorTable<ProjectsError> = {
  ProjectNotFound: () => ({ status: 404, message: 'Not Found' }),
  ProjectColumnNotFound: () => ({ status: 404, message: 'Not Found' }),
  ProjectCardNotFound: () => ({ status: 404, message: 'Not Found' }),
  ProjectValidationFailed: (error) => ({ status: 422, message: error.message, errors: error.errors }),
  ProjectCardContentTaken: () => ({ status: 422, message: 'Validation Failed', errors: ['Project already has the associated issue'] }),
  ProjectsDisabled: (error) => ({ status: 410, message: `Projects are disabled for this ${error.scope}` }),
  ProjectAccessDenied: (error) => ({
    status: 403,
    message: error.needs === 'admin' ? 'Must have admin rights to Project.' : 'Must have write access to Project.',
  }),
};
