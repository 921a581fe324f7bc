import type { Found, TextMatchSubject } from '../../../application/search/searchResults.js';

// A fragment is at most this long: a window of the property's text around its matches.
const FRAGMENT_LENGTH = 300;

// GitHub's text_matches: per searched property, a fragment of its text and each matched
// word with its [start, end) indices into the fragment, so fragment.slice(...indices) is text.
// A match in another object than the item (an issue's comment) names that object.
export function textMatchesJson<T>(found: Found<T>, objectUrl: string, objectType: string, subjectUrl?: (subject: TextMatchSubject) => string) {
  return found.textMatches.map(({ property, text, matches, subject }) => {
    const first = matches[0]?.start ?? 0;
    const from = text.length <= FRAGMENT_LENGTH ? 0 : Math.max(0, Math.min(first - 40, text.length - FRAGMENT_LENGTH));
    const fragment = text.slice(from, from + FRAGMENT_LENGTH);
    return {
      object_url: subject && subjectUrl ? subjectUrl(subject) : objectUrl,
      object_type: subject && subjectUrl ? subject.type : objectType,
      property,
      fragment,
      matches: matches
        .filter((match) => match.start >= from && match.start + match.length <= from + fragment.length)
        .map((match) => ({ text: text.slice(match.start, match.start + match.length), indices: [match.start - from, match.start - from + match.length] })),
    };
  });
}
