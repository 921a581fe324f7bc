// GitHub's default labels, which every new repository starts with.
export interface LabelFacts {
  readonly name: string;
  readonly color: string;
  readonly description: string | null;
}

export const DEFAULT_LABELS: readonly LabelFacts[] = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation' },
  { name: 'duplicate', color: 'cfd3d7', description: 'This issue or pull request already exists' },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  { name: 'good first issue', color: '7057ff', description: 'Good for newcomers' },
  { name: 'help wanted', color: '008672', description: 'Extra attention is needed' },
  { name: 'invalid', color: 'e4e669', description: "This doesn't seem right" },
  { name: 'question', color: 'd876e3', description: 'Further information is requested' },
  { name: 'wontfix', color: 'ffffff', description: 'This will not be worked on' },
];

// Default labels exist without a creating event of their own: RepositoryCreated implies them
// (the repositories area stays unaware of labels). Their ids are therefore derived from the
// repository id, in a range the `label` sequence never reaches (2^40 and up), so they are
// the same on every replay and any label stream can tell it holds an implied default label.
const DEFAULT_LABEL_ID_BASE = 2 ** 40;
const SLOTS_PER_REPOSITORY = 16;

export function defaultLabelId(repositoryId: number, index: number): number {
  return DEFAULT_LABEL_ID_BASE + repositoryId * SLOTS_PER_REPOSITORY + index;
}

// The default label a label id stands for, or null for a label created through the API.
export function impliedDefaultLabel(labelId: number): (LabelFacts & { readonly repositoryId: number }) | null {
  if (labelId < DEFAULT_LABEL_ID_BASE) return null;
  const offset = labelId - DEFAULT_LABEL_ID_BASE;
  const facts = DEFAULT_LABELS[offset % SLOTS_PER_REPOSITORY];
  return facts ? { ...facts, repositoryId: Math.floor(offset / SLOTS_PER_REPOSITORY) } : null;
}

export const labelNameKey = (name: string): string => name.toLowerCase();

// The default label that holds a name in a repository until some event says otherwise.
export function impliedNameHolder(repositoryId: number, name: string): number | null {
  const index = DEFAULT_LABELS.findIndex((label) => labelNameKey(label.name) === labelNameKey(name));
  return index < 0 ? null : defaultLabelId(repositoryId, index);
}
