import type { Vcs } from '../../domain/imports/sourceImport.events.js';
import type { SourceFailure } from '../../application/imports/sourceImporter.port.js';
import type { ToolRun } from '../shared/git/gitProgress.js';

// What the source tools' (git, git-svn, git-remote-hg, svn) failures mean for an import: the
// words each prints for a refused login, an unreachable host or a redirect it did not follow,
// read from their stderr.
export const AUTH_FAILURE =
  /authentication failed|could not read (username|password)|terminal prompts disabled|access denied|HTTP 401|\b401\b|E170001|E215004|authorization failed/i;
export const UNREACHABLE = /could not resolve host|failed to connect|couldn't connect|connection refused|E170013|unable to connect|no such host/i;

// git's words for a redirect it was told not to follow, and the Mercurial extension's below.
export const REDIRECTED = /requested URL returned error: 30[1278]\b|redirect refused: HTTP 30\d/;

export const redirectRefused = (source: string) =>
  `${source} answered with a redirect, which this server does not follow (it reaches only the addresses it checked): import from the address it redirects to`;

export const HUMAN_NAMES: Record<Vcs, string> = { git: 'Git', subversion: 'Subversion', mercurial: 'Mercurial', tfvc: 'Team Foundation Version Control' };

// Whether a run failed because its tool (or a part of it: git-svn's Perl modules,
// git-remote-hg) is not installed here.
export function toolMissing(run: ToolRun): boolean {
  return (
    run.exitCode === 127 ||
    (run.exitCode !== 0 && /not installed|is not a git command|No such file or directory.*(git-remote-hg|svn)|Can't locate/i.test(run.stderr))
  );
}

// A tool's run as the import's failure, or null when it succeeded.
export function toolFailure(run: ToolRun, vcs: Vcs): SourceFailure | null {
  if (run.exitCode === 0) return null;
  if (toolMissing(run)) return { kind: 'error', message: `${HUMAN_NAMES[vcs]} imports need a tool this server lacks: ${lastLine(run.stderr)}` };
  if (AUTH_FAILURE.test(run.stderr)) return { kind: 'auth_failed', message: 'Authentication failed: the username or password was not accepted' };
  if (REDIRECTED.test(run.stderr)) return { kind: 'error', message: redirectRefused(`The ${HUMAN_NAMES[vcs]} source`) };
  const reason = failureText(run.stderr);
  return { kind: 'error', message: `The ${HUMAN_NAMES[vcs]} source could not be read${reason === '' ? '' : `: ${reason}`}` };
}

export function lastLine(text: string): string {
  const lines = text
    .split(/[\r\n]/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !/^(warning|hint):/i.test(line));
  return lines[lines.length - 1] ?? '';
}

// What a tool said went wrong, whole: its fatal and error lines (git follows "does not appear to
// be a git repository" with advice whose last line alone reads "and the repository exists."),
// or its last line when it marked none.
function failureText(stderr: string): string {
  const marked = stderr
    .split(/[\r\n]/)
    .map((line) => line.trim())
    .filter((line) => /^(fatal|error|abort):/i.test(line))
    .map((line) => line.replace(/^(fatal|error|abort):\s*/i, ''));
  return marked.length > 0 ? marked.join('; ') : lastLine(stderr);
}
