import type { CardContent, OrganizationProjectPermission, ProjectOwnerKind, ProjectPermission } from '../../domain/projects/project.events.js';
import type { Document } from '../shared/ports/readModelStore.port.js';

export const PROJECTS_COLLECTION = 'projects';
export const PROJECT_COLUMNS_COLLECTION = 'project_columns';
export const PROJECT_CARDS_COLLECTION = 'project_cards';
export const PROJECT_COLLABORATORS_COLLECTION = 'project_collaborators';
// Every project an owner ever had, deleted ones included: where an organization's audit log looks.
export const PROJECT_OWNERS_COLLECTION = 'project_owners';
// Which project every column ever belonged to (as_of reads of a deleted column's cards).
export const PROJECT_COLUMN_HOMES_COLLECTION = 'project_column_homes';
// A board as it stood every so many events of its stream, and how far that timeline has read
// it (as_of: application/shared/audit/streamTimeline.ts).
export const PROJECT_TIMELINE_CHECKPOINTS_COLLECTION = 'project_timeline_checkpoints';
export const PROJECT_TIMELINE_HEADS_COLLECTION = 'project_timeline_heads';

export interface ProjectDocument extends Document {
  _id: string; // String(id)
  id: number;
  owner_kind: ProjectOwnerKind;
  owner_id: number;
  number: number;
  name: string;
  body: string | null;
  state: 'open' | 'closed';
  organization_permission: OrganizationProjectPermission;
  private: boolean;
  creator_id: number;
  // Left to right.
  column_ids: number[];
  created_at: string;
  updated_at: string;
}

export interface ProjectColumnDocument extends Document {
  _id: string;
  id: number;
  project_id: number;
  name: string;
  // Top to bottom, as the project's stream orders them.
  card_ids: number[];
  // Those of card_ids archived, in no order.
  archived_card_ids: number[];
  // Those of card_ids that left the board with their repository (deleted), in no order. They
  // keep their place in card_ids because the project's stream still has them there: a move
  // decided against that order (`bottom`, `after:<id>`) lands next to them, and lands right
  // only if the column holds them too. Never listed.
  gone_card_ids: number[];
  created_at: string;
  updated_at: string;
}

export interface ProjectCardDocument extends Document {
  _id: string;
  id: number;
  project_id: number;
  column_id: number;
  note: string | null;
  archived: boolean;
  content: CardContent | null;
  creator_id: number;
  created_at: string;
  updated_at: string;
}

export interface ProjectCollaboratorDocument extends Document {
  _id: string; // `${project_id}:${user_id}`
  project_id: number;
  user_id: number;
  permission: ProjectPermission;
}

export interface ProjectOwnerDocument extends Document {
  _id: string; // String(project id)
  project_id: number;
  owner_kind: ProjectOwnerKind;
  owner_id: number;
}

export interface ProjectColumnHomeDocument extends Document {
  _id: string; // String(column id)
  project_id: number;
}
