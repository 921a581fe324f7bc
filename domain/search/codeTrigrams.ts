// Code search finds substrings, not words: a file is indexed by the distinct trigrams (runs of
// three characters) of its text, and a query asks for files holding every trigram of its terms,
// which are then checked against the file itself (as Zoekt and GitHub's own engine do). A
// trigram is written as a word both index adapters keep as it is: its UTF-8 bytes, each as two
// letters a-p (one per half byte), so `ort` is `gphche`: every trigram one plain word.

export const TRIGRAM_LENGTH = 3;
// Meilisearch considers the first ten words of a query; more would be ignored there, so a
// query names at most ten trigrams (the check against the file does the rest).
export const MAX_QUERY_TRIGRAMS = 10;

// Lower case, character by character, keeping every offset: a position found in the folded
// text is the same position in the original (İ lowers to two units; it is left as it is).
export function foldCase(text: string): string {
  const lowered = text.toLowerCase();
  if (lowered.length === text.length) return lowered;
  let folded = '';
  for (const character of text) {
    const lower = character.toLowerCase();
    folded += lower.length === character.length ? lower : character;
  }
  return folded;
}

const NIBBLE = 'abcdefghijklmnop';

export function trigramWord(trigram: string): string {
  let word = '';
  for (const byte of new TextEncoder().encode(trigram)) word += NIBBLE[byte >> 4]! + NIBBLE[byte & 15]!;
  return word;
}

// The text's code points, folded.
function codePoints(text: string): string[] {
  return Array.from(foldCase(text));
}

// Every distinct trigram of a text, as words.
export function trigramWordsOf(text: string): string[] {
  const characters = codePoints(text);
  const trigrams = new Set<string>();
  for (let index = 0; index + TRIGRAM_LENGTH <= characters.length; index++) {
    trigrams.add(characters[index]! + characters[index + 1]! + characters[index + 2]!);
  }
  return Array.from(trigrams, trigramWord);
}

// The trigrams a query term needs: enough to cover it (every third one, and the last), since
// any file holding the term holds them all; none for a term shorter than three characters.
export function queryTrigramWords(term: string): string[] {
  const characters = codePoints(term);
  if (characters.length < TRIGRAM_LENGTH) return [];
  const starts = new Set<number>();
  for (let start = 0; start + TRIGRAM_LENGTH <= characters.length; start += TRIGRAM_LENGTH) starts.add(start);
  starts.add(characters.length - TRIGRAM_LENGTH);
  return [...new Set([...starts].map((start) => trigramWord(characters.slice(start, start + TRIGRAM_LENGTH).join(''))))];
}
