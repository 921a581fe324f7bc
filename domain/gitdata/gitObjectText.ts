// Commit and tag objects as git writes them: headers, a blank line, the message. Parsed here
// (pure) so the API can show what `git cat-file` prints.
export interface GitSignature {
  readonly name: string;
  readonly email: string;
  readonly date: string; // ISO 8601, UTC
}

export interface ParsedCommit {
  readonly tree: string;
  readonly parents: readonly string[];
  readonly author: GitSignature;
  readonly committer: GitSignature;
  readonly message: string;
  // A signed commit's `gpgsig` header, and what it signs: the object without that header.
  readonly signature: string | null;
  readonly payload: string | null;
}

export interface ParsedTag {
  readonly object: string;
  readonly type: string;
  readonly tag: string;
  readonly tagger: GitSignature | null;
  readonly message: string;
  // A signed tag's signature (the armor block ending its message) and what it signs.
  readonly signature: string | null;
  readonly payload: string | null;
}

function split(text: string): { headers: [string, string][]; message: string } {
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const message = end < 0 ? '' : text.slice(end + 2);
  const headers: [string, string][] = [];
  for (const line of head.split('\n')) {
    // Continuation lines (a signature's) belong to the header before them.
    const previous = headers.at(-1);
    if (line.startsWith(' ') && previous !== undefined) {
      previous[1] += `\n${line.slice(1)}`;
      continue;
    }
    const space = line.indexOf(' ');
    if (space > 0) headers.push([line.slice(0, space), line.slice(space + 1)]);
  }
  return { headers, message };
}

// "Name <email> 1700000000 +0100"
export function parseSignature(value: string): GitSignature {
  const match = /^(.*) <([^>]*)> (\d+) ([+-])(\d\d)(\d\d)$/.exec(value);
  if (!match) return { name: value, email: '', date: new Date(0).toISOString() };
  const [, name, email, seconds] = match as unknown as [string, string, string, string];
  return { name, email, date: new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z') };
}

// A commit's bytes as text. A commit written with an `encoding` header (git's
// i18n.commitEncoding: ISO-8859-1, Shift_JIS...) holds its message and names in that
// encoding; it is read as git log reads it, converted to UTF-8 (GitHub shows it so). Without
// one, or with one no decoder knows, the bytes are UTF-8, git's default.
export function commitObjectText(bytes: Uint8Array): string {
  const content = Buffer.from(bytes);
  const end = content.indexOf('\n\n');
  const head = content.subarray(0, end < 0 ? content.length : end).toString('latin1');
  const encoding = /^encoding (.+)$/m.exec(head)?.[1]?.trim();
  if (encoding === undefined || /^utf-?8$/i.test(encoding)) return content.toString('utf8');
  try {
    return new TextDecoder(encoding).decode(content);
  } catch {
    return content.toString('utf8');
  }
}

export function parseCommit(text: string): ParsedCommit {
  const { headers, message } = split(text);
  const value = (key: string) => headers.find(([name]) => name === key)?.[1] ?? '';
  return {
    tree: value('tree'),
    parents: headers.filter(([name]) => name === 'parent').map(([, sha]) => sha),
    author: parseSignature(value('author')),
    committer: parseSignature(value('committer')),
    message,
    ...signed(text, headers),
  };
}

// Git's signed payload: the commit without its gpgsig header (and that header's continuation
// lines); the signature as git extracts it, each line ended by a newline.
function signed(text: string, headers: readonly [string, string][]): { signature: string | null; payload: string | null } {
  const signature = headers.find(([name]) => name === 'gpgsig')?.[1];
  if (signature === undefined) return { signature: null, payload: null };
  const end = text.indexOf('\n\n');
  const head = (end < 0 ? text : text.slice(0, end)).split('\n');
  const start = head.findIndex((line) => line.startsWith('gpgsig '));
  let after = start + 1;
  while (after < head.length && head[after]!.startsWith(' ')) after++;
  const kept = [...head.slice(0, start), ...head.slice(after)].join('\n');
  return { signature: `${signature}\n`, payload: end < 0 ? kept : `${kept}${text.slice(end)}` };
}

// A signature as a commit header holds it: its lines after the first indented by a space.
export function signatureHeader(signature: string): string {
  return `gpgsig ${signature.replace(/\n+$/, '').replace(/\n/g, '\n ')}`;
}

export function parseTag(text: string): ParsedTag {
  const { headers, message } = split(text);
  const value = (key: string) => headers.find(([name]) => name === key)?.[1];
  const tagger = value('tagger');
  return {
    object: value('object') ?? '',
    type: value('type') ?? '',
    tag: value('tag') ?? '',
    tagger: tagger === undefined ? null : parseSignature(tagger),
    message,
    ...signedTag(text),
  };
}

// The armor lines git's parse_signed_buffer looks for (OpenPGP, X.509, SSH).
const SIGNATURE_START = /^-----BEGIN (PGP SIGNATURE|PGP MESSAGE|SIGNED MESSAGE|SSH SIGNATURE)-----/;

// As git verify-tag splits a tag: from the last line starting a signature to the end is the
// signature, everything before it the payload (a tag keeps its signature in its message).
function signedTag(text: string): { signature: string | null; payload: string | null } {
  let match = -1;
  for (let start = 0; start < text.length;) {
    if (SIGNATURE_START.test(text.slice(start, start + 40))) match = start;
    const end = text.indexOf('\n', start);
    start = end < 0 ? text.length : end + 1;
  }
  if (match < 0) return { signature: null, payload: null };
  return { signature: text.slice(match), payload: text.slice(0, match) };
}

// A name or email git can write in an object header: no angle brackets, no newline.
export function isSignatureText(value: string): boolean {
  return value.length <= MAX_SIGNATURE_TEXT && !/[<>\n\0]/.test(value);
}

// A name or email of a signature: far beyond any real one, and far below what the system
// takes as an argument or environment value (a megabyte one failed the spawn, E2BIG).
const MAX_SIGNATURE_TEXT = 1024;

// A name git keeps: something left once it trims what it calls crud (spaces, control
// characters and . , : ; < > " \ ' ) from both ends.
export function isIdentName(name: string): boolean {
  return /[^\x00-\x20.,:;<>"\\']/.test(name);
}

// What a commit header can carry as a signature: ASCII armor (printable lines), not empty.
export function isArmoredSignature(value: string): boolean {
  return /^-----BEGIN [A-Z0-9 ]+-----\n/.test(value) && !/[^\x20-\x7e\n]/.test(value);
}

const isCrud = (character: string): boolean => character <= ' ' || '.,:;<>"\\\''.includes(character);

// A name or email as git writes it in an identity it makes itself (commit-tree from
// GIT_AUTHOR_NAME...): crud trimmed from both ends, the delimiters < > and newlines dropped
// from what is left (git's strbuf_addstr_without_crud).
export function identText(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isCrud(value[start]!)) start++;
  while (end > start && isCrud(value[end - 1]!)) end--;
  return value.slice(start, end).replace(/[\n<>]/g, '');
}
