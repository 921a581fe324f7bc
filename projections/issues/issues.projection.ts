import { applyPullRequestIssueEvent, PULL_REQUEST_ISSUE_EVENT_TYPES } from './pullRequestIssues.apply.js';
import {
  ISSUES_COLLECTION,
  ISSUE_COMMENTS_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  REACTIONS_COLLECTION,
  REPOSITORY_ISSUE_COUNTS_COLLECTION,
} from '../../application/issues/issues.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import { ISSUE_EVENT_TYPES } from '../../domain/issues/issue.events.js';
import { ISSUE_COMMENT_EVENT_TYPES } from '../../domain/issues/issueComment.decider.js';
import { LABEL_EVENT_TYPES } from '../../domain/issues/label.decider.js';
import { MILESTONE_EVENT_TYPES } from '../../domain/issues/milestone.decider.js';
import { REACTION_EVENT_TYPES } from '../../domain/issues/reaction.decider.js';
import type { RepositoryCreated, RepositoryDeleted } from '../../domain/repositories/repository.events.js';
import { applyIssueCommentEvent } from './issueComments.apply.js';
import { applyIssueEvent } from './issueDocuments.apply.js';
import { DELETED_COPIES_COLLECTIONS } from '../../application/shared/deletedCopies.js';
import { deletedCopiesCollection } from '../shared/deletedCopies.js';
import { applyLabelEvent, materializeDefaultLabels } from './labels.apply.js';
import { applyMilestoneEvent } from './milestones.apply.js';
import { applyReactionEvent } from './reactions.apply.js';

const byRepository = { name: 'repository_id', keys: { repository_id: 1 } } as const;
const OWNED_COLLECTIONS = [
  ISSUES_COLLECTION,
  ISSUE_COMMENTS_COLLECTION,
  LABELS_COLLECTION,
  MILESTONES_COLLECTION,
  REACTIONS_COLLECTION,
  REPOSITORY_ISSUE_COUNTS_COLLECTION,
];

// A deleted repository takes its issues, comments, labels, milestones and reactions with it.
async function repositoryDeleted(data: RepositoryDeleted['data'], target: ProjectionTarget): Promise<void> {
  for (const name of OWNED_COLLECTIONS) await target.collection(name).deleteMany({ repository_id: data.repositoryId });
}

// One projection for the six collections of the issues area (see issues.readModel.ts).
export const issuesProjection: Projection = {
  name: 'issues',
  // 2: pull requests mirrored among the issues; 3: copies of deleted labels and milestones;
  // 4: a pull request's issue has an id of the issue sequence (found by `id`, not `_id`);
  // 5: milestones carry their list's sort keys; 6: milestones by title; 7: pull requests'
  // labels, assignees and milestone (counted in the milestone); 8: a pull request's closed_by;
  // 9: the users an issue's body and comments mention (issueMentions.ts), and their index
  version: 9,
  collections: [
    {
      name: ISSUES_COLLECTION,
      indexes: [
        // An issue by number, and a repository's issues in number order from a number on (the
        // migration exporter's files): ordered, where a hash index could not seek.
        { name: 'repository_number_state', keys: { repository_id: 1, number: 1, state: 1 } },
        // An issue by id, a pull request's issue among them (its _id is `pr-<pull request id>`).
        { name: 'id', keys: { id: 1 } },
        { name: 'milestone_id', keys: { milestone_id: 1 } },
        // GET /repos/{owner}/{repo}/issues: a page walks one of these and stops (issueList.query.ts).
        { name: 'repository_state_created', keys: { repository_id: 1, state: 1, created_at: 1, number: 1 } },
        { name: 'repository_state_updated', keys: { repository_id: 1, state: 1, updated_at: 1, number: 1 } },
        { name: 'repository_state_comments', keys: { repository_id: 1, state: 1, comments: 1, number: 1 } },
        { name: 'repository_created', keys: { repository_id: 1, created_at: 1, number: 1 } },
        // The list filtered by creator or by milestone, newest or oldest first: page and count
        // (with a state) from the index; other sorts walk the state's index and filter.
        { name: 'repository_creator_state_created', keys: { repository_id: 1, user_id: 1, state: 1, created_at: 1, number: 1 } },
        { name: 'repository_milestone_state_created', keys: { repository_id: 1, milestone_id: 1, state: 1, created_at: 1, number: 1 } },
        // By a label or an assignee: multikey (an entry per label id or assignee id, as
        // MongoDB keeps them), so a page walks that label's issues, not the repository's.
        { name: 'repository_label_state_created', keys: { repository_id: 1, label_ids: 1, state: 1, created_at: 1, number: 1 } },
        { name: 'repository_assignee_state_created', keys: { repository_id: 1, assignee_ids: 1, state: 1, created_at: 1, number: 1 } },
        // By a user mentioned (the `mentioned` filter): multikey too, an entry per mentioned id.
        { name: 'repository_mentioned_state_created', keys: { repository_id: 1, mentioned_ids: 1, state: 1, created_at: 1, number: 1 } },
      ],
    },
    {
      name: ISSUE_COMMENTS_COLLECTION,
      indexes: [
        // A repository's comments in id order from an id on (the migration exporter's files).
        { name: 'repository_id_issue', keys: { repository_id: 1, id: 1, issue_id: 1 } },
        { name: 'issue_id', keys: { issue_id: 1 } },
        { name: 'issue_created', keys: { issue_id: 1, created_at: 1, id: 1 } },
        // Comments `since`: those updated from then on, found by a range, not a scan.
        { name: 'issue_updated', keys: { issue_id: 1, updated_at: 1, id: 1 } },
        { name: 'repository_updated', keys: { repository_id: 1, updated_at: 1, id: 1 } },
        { name: 'repository_created', keys: { repository_id: 1, created_at: 1, id: 1 } },
      ],
    },
    {
      name: LABELS_COLLECTION,
      indexes: [
        { name: 'repository_name', keys: { repository_id: 1, name_key: 1 } },
        // GET .../labels: a page and its count from the index.
        { name: 'repository_name_id', keys: { repository_id: 1, name_key: 1, id: 1 } },
      ],
    },
    // By repository too: a repository's deletion takes its milestones and its counts by index.
    {
      name: MILESTONES_COLLECTION,
      indexes: [
        { name: 'repository_number', keys: { repository_id: 1, number: 1 } },
        byRepository,
        // A title is unique in its repository: the one holding it, found by index.
        { name: 'repository_title', keys: { repository_id: 1, title: 1 } },
        // GET .../milestones by due date or completeness, either way, ties by number ascending:
        // each direction has its index, whose walk is the page.
        { name: 'repository_state_due_number', keys: { repository_id: 1, state: 1, due_sort: 1, number: 1 } },
        { name: 'repository_state_due_desc_number', keys: { repository_id: 1, state: 1, due_sort: -1, number: 1 } },
        { name: 'repository_state_completeness_number', keys: { repository_id: 1, state: 1, completeness: 1, number: 1 } },
        { name: 'repository_state_completeness_desc_number', keys: { repository_id: 1, state: 1, completeness: -1, number: 1 } },
      ],
    },
    {
      name: REACTIONS_COLLECTION,
      indexes: [
        { name: 'subject', keys: { subject_type: 1, subject_id: 1 } },
        byRepository,
        // GET .../reactions, with or without `content`: page and count from the index.
        { name: 'subject_created', keys: { subject_type: 1, subject_id: 1, created_at: 1, id: 1 } },
        { name: 'subject_content_created', keys: { subject_type: 1, subject_id: 1, content: 1, created_at: 1, id: 1 } },
      ],
    },
    { name: REPOSITORY_ISSUE_COUNTS_COLLECTION, indexes: [byRepository] },
    deletedCopiesCollection(DELETED_COPIES_COLLECTIONS.label),
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set([
    ...ISSUE_EVENT_TYPES,
    ...ISSUE_COMMENT_EVENT_TYPES,
    ...LABEL_EVENT_TYPES,
    ...MILESTONE_EVENT_TYPES,
    ...REACTION_EVENT_TYPES,
    ...PULL_REQUEST_ISSUE_EVENT_TYPES,
    'RepositoryCreated',
    'RepositoryDeleted',
  ]),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (ISSUE_EVENT_TYPES.has(event.type)) return applyIssueEvent(event, target);
    if (ISSUE_COMMENT_EVENT_TYPES.has(event.type)) return applyIssueCommentEvent(event, target);
    if (LABEL_EVENT_TYPES.has(event.type)) return applyLabelEvent(event, target);
    if (MILESTONE_EVENT_TYPES.has(event.type)) return applyMilestoneEvent(event, target);
    if (REACTION_EVENT_TYPES.has(event.type)) return applyReactionEvent(event, target);
    if (PULL_REQUEST_ISSUE_EVENT_TYPES.has(event.type)) return applyPullRequestIssueEvent(event, target);
    if (event.type === 'RepositoryCreated') return materializeDefaultLabels(event.data as RepositoryCreated['data'], target);
    if (event.type === 'RepositoryDeleted') return repositoryDeleted(event.data as RepositoryDeleted['data'], target);
  },
};
