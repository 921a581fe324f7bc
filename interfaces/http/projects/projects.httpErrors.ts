import type { ProjectsError } from '../../../domain/projects/projects.errors.js';
import type { ErrorTable, HttpError } from '../shared/httpError.js';

const cardContentRefused = (message: string): HttpError => ({
  status: 422,
  message: 'Validation Failed',
  errors: [{ resource: 'ProjectCard', code: 'unprocessable', field: 'data', message }],
});

// The projects area's part of the error table, with GitHub's messages.
export const projectsHttpErrors: ErrorTable<ProjectsError> = {
  ProjectNotFound: () => ({ status: 404, message: 'Not Found' }),
  ProjectColumnNotFound: () => ({ status: 404, message: 'Not Found' }),
  ProjectCardNotFound: () => ({ status: 404, message: 'Not Found' }),
  ProjectValidationFailed: (error) => ({ status: 422, message: error.message, errors: error.errors }),
  // A content card GitHub cannot make is one error object, code `unprocessable` on `data`, as
  // clients have recorded it (pytorch/pytorch#63347, google/go-github#1467), not a sentence.
  ProjectCardContentTaken: () => cardContentRefused('Project already has the associated issue'),
  ProjectCardContentUnresolved: (error) => cardContentRefused(`Could not resolve to a node with the global id of '${error.nodeId}'.`),
  ProjectCardContentOutOfScope: (error) => cardContentRefused(error.message),
  ProjectsDisabled: (error) => ({ status: 410, message: `Projects are disabled for this ${error.scope}` }),
  ProjectAccessDenied: (error) => ({
    status: 403,
    message: error.needs === 'admin' ? 'Must have admin rights to Project.' : 'Must have write access to Project.',
  }),
};
