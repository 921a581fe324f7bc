// The words of a text, lower-cased, as the indexes split them (a run of anything but
// whitespace, punctuation and symbols). Qualifiers that match words of a field rather than
// the whole value (location:, fullname:) filter on these: `location:london` finds
// "London, UK" as GitHub does.
const WORD = /[^\s\p{Z}\p{P}\p{S}]+/gu;

export function wordsOf(text: string | null | undefined): string[] {
  if (text === null || text === undefined) return [];
  return [...new Set(Array.from(text.matchAll(WORD), (match) => match[0].toLowerCase()))];
}
