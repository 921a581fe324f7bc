// GitHub's `changes` of an `edited` delivery: each field the edit changed, with the value it
// had before (`{ field: { from } }`); fields the edit left alone are absent.
type Json = Record<string, unknown>;

export function changesOf<State extends object>(before: State, after: State, fields: Partial<Record<keyof State, string>>): Json {
  const changes: Json = {};
  for (const [field, key] of Object.entries(fields) as [keyof State, string][]) {
    if (before[field] !== after[field]) changes[key] = { from: before[field] ?? null };
  }
  return changes;
}

// Which state field is which of GitHub's `changes` keys, per kind of object.
export const LABEL_CHANGE_FIELDS = { name: 'name', color: 'color', description: 'description' } as const;
export const MILESTONE_CHANGE_FIELDS = { title: 'title', description: 'description', dueOn: 'due_on' } as const;
export const PROJECT_CHANGE_FIELDS = { name: 'name', body: 'body' } as const;
export const REPOSITORY_CHANGE_FIELDS = { description: 'description', homepage: 'homepage', defaultBranch: 'default_branch' } as const;
