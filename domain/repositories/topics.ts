import { left, right, type Either } from 'fp-ts/lib/Either.js';

export const MAX_TOPICS = 20;
// GitHub's rule: lowercase letters, digits and hyphens, starting with a letter or digit, at most 50.
const TOPIC_PATTERN = /^[a-z0-9][a-z0-9-]{0,49}$/;

export type TopicsProblem = { readonly kind: 'invalid'; readonly names: readonly string[] } | { readonly kind: 'too_many'; readonly count: number };

// GitHub saves topics in lowercase and once each, in the order given.
export function normalizeTopics(requested: readonly string[]): Either<TopicsProblem, readonly string[]> {
  const names = [...new Set(requested.map((name) => name.trim().toLowerCase()))];
  const invalid = names.filter((name) => !TOPIC_PATTERN.test(name));
  if (invalid.length > 0) return left({ kind: 'invalid', names: invalid });
  if (names.length > MAX_TOPICS) return left({ kind: 'too_many', count: names.length });
  return right(names);
}
