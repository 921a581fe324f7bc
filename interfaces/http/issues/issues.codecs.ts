import * as t from 'io-ts';

const nullableString = t.union([t.string, t.null]);
// GitHub takes label names, or label objects with a name.
const LabelRef = t.union([t.string, t.type({ name: t.string })]);
export type LabelRefValue = t.TypeOf<typeof LabelRef>;
export const labelNames = (refs: readonly LabelRefValue[]): string[] => refs.map((ref) => (typeof ref === 'string' ? ref : ref.name));

const issueFields = {
  body: nullableString,
  labels: t.array(LabelRef),
  assignees: t.array(t.string),
  // GitHub's deprecated single assignee, still accepted.
  assignee: nullableString,
  milestone: t.union([t.Int, t.null]),
};

// POST /repos/{owner}/{repo}/issues; GitHub ignores fields it does not know.
export const CreateIssueBody = t.intersection([t.type({ title: t.string }), t.partial(issueFields)]);

// PATCH /repos/{owner}/{repo}/issues/{issue_number}
export const UpdateIssueBody = t.partial({
  title: t.string,
  ...issueFields,
  state: t.keyof({ open: null, closed: null }),
  state_reason: t.union([t.keyof({ completed: null, not_planned: null, reopened: null }), t.null]),
});

export const LockIssueBody = t.partial({ lock_reason: t.keyof({ 'off-topic': null, 'too heated': null, resolved: null, spam: null }) });

export const CommentBody = t.type({ body: t.string });

export const CreateLabelBody = t.intersection([t.type({ name: t.string }), t.partial({ color: t.string, description: nullableString })]);
export const UpdateLabelBody = t.partial({ new_name: t.string, color: t.string, description: nullableString });

// POST/PUT .../issues/{n}/labels: {"labels": [...]} or the bare array.
export const IssueAssigneesBody = t.partial({ assignees: t.array(t.string) });
export const IssueLabelsBody = t.union([t.type({ labels: t.array(LabelRef) }), t.array(LabelRef)]);

const milestoneFields = { state: t.keyof({ open: null, closed: null }), description: nullableString, due_on: nullableString };
export const CreateMilestoneBody = t.intersection([t.type({ title: t.string }), t.partial(milestoneFields)]);
export const UpdateMilestoneBody = t.partial({ title: t.string, ...milestoneFields });

export const ReactionBody = t.type({ content: t.string });
