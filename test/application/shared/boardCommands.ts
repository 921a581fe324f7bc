import type { ProjectCommand } from '../../../domain/projects/project.decider.js';

export const BOARD_AT = '2026-11-25T10:00:00.000Z';

// A user's board, project 1: the first command of the stream-handling specs.
export const createBoard: ProjectCommand = {
  type: 'CreateProject',
  projectId: 1,
  ownerKind: 'user',
  ownerId: 1,
  number: 1,
  name: 'Board',
  body: null,
  creatorId: 1,
  at: BOARD_AT,
};
