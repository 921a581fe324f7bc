import { ISSUES_COLLECTION, LABELS_COLLECTION, type IssueDocument, type LabelDocument } from '../../application/issues/issues.readModel.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { Document } from '../../application/shared/ports/readModelStore.port.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';

// A repository's open issues holding one label (GitHub's help-wanted-issues and
// good-first-issues). One document per issue that counts, kept as each issue changes, so the
// count is a count of an indexed prefix (the embedded store keeps those), never a scan of the
// repository's issues.
export interface LabelledIssueCount {
  readonly collection: string;
  readonly index: { readonly name: string; readonly keys: Readonly<Record<string, 1>> };
  // The open issues of the repository holding the label.
  count(target: ProjectionTarget, repositoryId: number): Promise<number>;
  // The repository whose count the event may have changed (null when it changed none).
  apply(event: StoredEvent, target: ProjectionTarget): Promise<number | null>;
}

const ISSUE_EVENTS = new Set(['IssueOpened', 'IssueClosed', 'IssueReopened', 'IssueLabelsChanged']);
const LABEL_EVENTS = new Set(['LabelCreated', 'LabelUpdated', 'LabelDeleted']);

// `label` is the label's name key (lower case); `flag` the field each kept document holds true.
export function labelledIssueCount(collection: string, label: string, flag: string): LabelledIssueCount {
  const flags = (target: ProjectionTarget) => target.collection<Document>(collection);
  const flagged = (issueId: number, repositoryId: number): Document => ({ _id: String(issueId), repository_id: repositoryId, issue_id: issueId, [flag]: true });
  const labelOf = (target: ProjectionTarget, repositoryId: number) =>
    target.collection<LabelDocument>(LABELS_COLLECTION).findOne({ repository_id: repositoryId, name_key: label });

  // `opened`: the event opened the issue, so no document of it is kept yet (this lane keeps
  // them, in the log's order): none is looked for.
  async function issueChanged(target: ProjectionTarget, issueId: number, opened: boolean): Promise<number | null> {
    const issue = await target.collection<IssueDocument>(ISSUES_COLLECTION).findOne({ _id: String(issueId) });
    if (issue === null) return null;
    // An issue closed or without labels counts for no label: the label is not looked up (most
    // issues opened have none; the look-up walked the labels' ordered index, 2-4 µs, twice per
    // issue for the two counts).
    const found = issue.state === 'open' && issue.label_ids.length > 0 ? await labelOf(target, issue.repository_id) : null;
    const counts = found !== null && issue.label_ids.includes(found.id);
    const counted = !opened && (await flags(target).findOne({ _id: String(issueId) })) !== null;
    if (counts === counted) return null;
    if (counts) await flags(target).replaceOne({ _id: String(issueId) }, flagged(issueId, issue.repository_id), { upsert: true });
    else await flags(target).deleteOne({ _id: String(issueId) });
    return issue.repository_id;
  }

  // A label made, renamed or deleted: the repository's issues holding the label now, found
  // through it (a cost of the issues it labels, on a rare event).
  async function labelChanged(target: ProjectionTarget, repositoryId: number): Promise<number> {
    await flags(target).deleteMany({ repository_id: repositoryId });
    const found = await labelOf(target, repositoryId);
    if (found === null) return repositoryId;
    const labelled = await target.collection<IssueDocument>(ISSUES_COLLECTION).find({ repository_id: repositoryId, label_ids: found.id, state: 'open' });
    // Pull requests carry labels too, and count as no issue here (issueChanged finds none by _id).
    for (const issue of labelled.filter((one) => one.pull_request === undefined))
      await flags(target).replaceOne({ _id: String(issue.id) }, flagged(issue.id, repositoryId), { upsert: true });
    return repositoryId;
  }

  return {
    collection,
    index: { name: 'repository_issue', keys: { repository_id: 1, [flag]: 1, issue_id: 1 } },
    // Every flag kept is one that counts: counted by the repository alone, the one leading
    // field whose counts the index keeps (pinning the flag as well would walk the flags).
    count: (target, repositoryId) => flags(target).count({ repository_id: repositoryId }),
    async apply(event, target) {
      if (event.type === 'IssueOpened') {
        const opened = event.data as { issueId: number; labelIds?: readonly number[] };
        // Opened without labels, it counts for none (labels added later come with their event).
        return opened.labelIds?.length === 0 ? null : issueChanged(target, opened.issueId, true);
      }
      if (ISSUE_EVENTS.has(event.type)) return issueChanged(target, (event.data as { issueId: number }).issueId, false);
      if (LABEL_EVENTS.has(event.type)) return labelChanged(target, (event.data as { repositoryId: number }).repositoryId);
      return null;
    },
  };
}
