import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LargeFile, ProjectChoice, Vcs } from '../../domain/imports/sourceImport.events.js';
import type {
  Detection,
  FetchedHistory,
  FetchProgress,
  HistoryAuthor,
  PreparedHistory,
  Rewrite,
  SourceAddress,
  SourceFailure,
  SourceImporter,
} from '../../application/imports/sourceImporter.port.js';
import { gitEnvironment } from '../shared/git/gitCommand.js';
import { progressPercent, runTool, type ToolRun } from '../shared/git/gitProgress.js';
import { refusedSource } from './sourceAddressPolicy.js';
import { AUTH_FAILURE, HUMAN_NAMES, lastLine, REDIRECTED, redirectRefused, toolFailure, toolMissing, UNREACHABLE } from './sourceToolFailures.js';
import { REFUSE_REDIRECTS_EXTENSION, SYSTEM_HGRC } from './mercurialRedirects.js';

export interface GitSourceImporterOptions {
  readonly dataDirectory: string;
  // Files above this size are "large" (GitHub: 100 MB).
  readonly largeFileBytes: number;
  readonly allowPrivateSources: boolean;
}

const DETECTION_TIMEOUT_MS = 60_000;

// What a rewrite's error says when its tool is missing: the package to install, and the request
// that tries the push again once it is (the decider takes the same mapping or choice sent again).
const FILTER_REPO_MISSING =
  'this server lacks git filter-repo (the git-filter-repo package); once it is installed, send the author mapping or the large-file choice again';
const LFS_MISSING = 'this server lacks git lfs (the git-lfs package); once it is installed, send the large-file choice again';

// The importer's workspace for a repository: `<dataDir>/imports/<repositoryId>/`, holding the
// fetched history (`source.git`, kept for later rewrites) and the prepared copy that is pushed.
// Sources are read with the tools their kinds need: git (`clone --mirror`), git-svn, and
// git-remote-hg; credentials reach them through an askpass script that reads them from the
// tool's environment, never from its arguments or a file.
export class GitSourceImporter implements SourceImporter {
  private readonly root: string;
  private readonly home: string;
  private readonly askpass: string;
  private readonly hgrc: string;
  private prepared: Promise<void> | null = null;

  constructor(private readonly options: GitSourceImporterOptions) {
    this.root = join(options.dataDirectory, 'imports');
    this.home = join(this.root, '.home');
    this.askpass = join(this.root, '.askpass.sh');
    this.hgrc = join(this.root, '.hgrc-refusing-redirects');
  }

  async detect(address: SourceAddress, signal: AbortSignal): Promise<Detection | SourceFailure> {
    const refused = await refusedSource(address.url, this.options.allowPrivateSources, this.options.dataDirectory);
    if (refused) return { kind: 'error', message: refused };
    await this.ready();
    const env = this.environment(address);
    // A host that never answers must not hold detection forever.
    signal = AbortSignal.any([signal, AbortSignal.timeout(DETECTION_TIMEOUT_MS)]);
    const probes: { vcs: Vcs; run: Promise<ToolRun> }[] = [
      { vcs: 'git', run: runTool('git', ['ls-remote', '--heads', '--', address.url], { env, signal }) },
      { vcs: 'subversion', run: this.svn(['info', address.url], address, signal) },
      ...(/^(https?|file):/.test(address.url) ? [{ vcs: 'mercurial' as const, run: runTool('hg', ['identify', '--', address.url], { env, signal }) }] : []),
    ];
    const answers = await Promise.all(probes.map(async (probe) => ({ vcs: probe.vcs, result: await probe.run })));
    const found = answers.filter((answer) => answer.result.exitCode === 0).map((answer) => answer.vcs);
    if (found.length === 1) return { kind: 'found', vcs: found[0]! };
    if (found.length > 1) return { kind: 'multiple', choices: found.map((vcs): ProjectChoice => ({ vcs, humanName: HUMAN_NAMES[vcs] })) };
    if (answers.some((answer) => REDIRECTED.test(answer.result.stderr))) return { kind: 'error', message: redirectRefused(address.url) };
    if (answers.some((answer) => AUTH_FAILURE.test(answer.result.stderr))) return { kind: 'needs_auth' };
    // A probe whose tool this server lacks (svn, hg: optional packages) says nothing of the address.
    const heard = answers.filter((answer) => !toolMissing(answer.result));
    if (heard.length > 0 && heard.every((answer) => answer.result.aborted)) return { kind: 'error', message: `${address.url} did not answer within a minute` };
    if (heard.length > 0 && heard.every((answer) => UNREACHABLE.test(answer.result.stderr)))
      return { kind: 'error', message: `${address.url} could not be reached` };
    return { kind: 'nothing' };
  }

  async fetch(
    repositoryId: number,
    attempt: number,
    address: SourceAddress,
    source: { readonly vcs: Vcs; readonly tfvcProject: string | null },
    onProgress: (progress: FetchProgress) => void,
    signal: AbortSignal,
  ): Promise<FetchedHistory | SourceFailure> {
    const refused = await refusedSource(address.url, this.options.allowPrivateSources, this.options.dataDirectory);
    if (refused) return { kind: 'error', message: refused };
    await this.ready();
    const workspace = this.workspaceOf(repositoryId);
    const fetched = join(workspace, `fetch-${attempt}.git`);
    await rm(fetched, { recursive: true, force: true });
    await mkdir(workspace, { recursive: true });
    const failure = await this.fetchInto(fetched, address, source.vcs, onProgress, signal);
    if (failure) {
      await rm(fetched, { recursive: true, force: true });
      await rm(join(workspace, `fetch-${attempt}-svn`), { recursive: true, force: true });
      return failure;
    }
    const kept = join(workspace, 'source.git');
    await rm(kept, { recursive: true, force: true });
    await rename(fetched, kept);
    return {
      commitCount: Number((await this.git(kept, ['rev-list', '--count', '--branches', '--tags'])).trim() || '0'),
      authors: await this.authorsOf(kept),
      largeFiles: await this.largeFilesOf(kept),
    };
  }

  async prepare(repositoryId: number, attempt: number, rewrite: Rewrite, signal: AbortSignal): Promise<PreparedHistory | SourceFailure> {
    await this.ready();
    const workspace = this.workspaceOf(repositoryId);
    const prepared = join(workspace, `prepared-${attempt}.git`);
    await rm(prepared, { recursive: true, force: true });
    // Branches and tags only (no notes, no remote-tracking refs); objects hard-linked.
    const cloned = await runTool('git', ['clone', '--bare', '--quiet', '--', join(workspace, 'source.git'), prepared], { env: this.environment(null), signal });
    if (cloned.exitCode !== 0) return { kind: 'error', message: `The fetched history could not be copied: ${lastLine(cloned.stderr)}` };
    const filterArgs: string[] = [];
    if (rewrite.identities.length > 0) {
      const mailmap = join(workspace, `mailmap-${attempt}`);
      await writeFile(mailmap, rewrite.identities.map(({ from, to }) => `${to.name} <${to.email}> ${from.name} <${from.email}>\n`).join(''));
      filterArgs.push('--mailmap', mailmap);
    }
    if (rewrite.largeFiles.length > 0 && rewrite.useLfs === 'opt_out') {
      const ids = join(workspace, `large-files-${attempt}`);
      await writeFile(ids, [...new Set(rewrite.largeFiles.map((file) => file.oid))].map((oid) => `${oid}\n`).join(''));
      filterArgs.push('--strip-blobs-with-ids', ids);
    }
    if (filterArgs.length > 0) {
      const filtered = await runTool('git', ['filter-repo', '--force', '--quiet', '--prune-empty', 'never', '--replace-refs', 'delete-no-add', ...filterArgs], {
        cwd: prepared,
        env: this.environment(null),
        signal,
      });
      if (toolMissing(filtered)) return { kind: 'error', message: `The history could not be rewritten: ${FILTER_REPO_MISSING}` };
      if (filtered.exitCode !== 0) return { kind: 'error', message: `The history could not be rewritten (git filter-repo): ${lastLine(filtered.stderr)}` };
    }
    if (rewrite.largeFiles.length > 0 && rewrite.useLfs === 'opt_in') {
      // git lfs migrate's --above takes files of that size too; large files are those above it
      // (largeFilesOf), so one byte more moves exactly the files listed.
      const migrated = await runTool('git', ['lfs', 'migrate', 'import', '--everything', '--yes', `--above=${this.options.largeFileBytes + 1}b`], {
        cwd: prepared,
        env: this.environment(null),
        signal,
      });
      if (toolMissing(migrated)) return { kind: 'error', message: `Large files could not be moved to Git LFS: ${LFS_MISSING}` };
      if (migrated.exitCode !== 0)
        return { kind: 'error', message: `Large files could not be moved to Git LFS (git lfs migrate): ${lastLine(migrated.stderr)}` };
    }
    const refs: Record<string, string> = {};
    for (const line of (await this.git(prepared, ['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads', 'refs/tags'])).split('\n')) {
      const [sha, name] = line.split(' ');
      if (sha && name) refs[name] = sha;
    }
    const head = (await runTool('git', ['-C', prepared, 'symbolic-ref', '--short', 'HEAD'], { env: this.environment(null) })).stdout.trim();
    return { gitDir: prepared, refs, headBranch: head.length > 0 ? head : null };
  }

  async discard(repositoryId: number): Promise<void> {
    await rm(this.workspaceOf(repositoryId), { recursive: true, force: true });
  }

  private workspaceOf(repositoryId: number): string {
    return join(this.root, String(repositoryId));
  }

  private async fetchInto(
    target: string,
    address: SourceAddress,
    vcs: Vcs,
    onProgress: (progress: FetchProgress) => void,
    signal: AbortSignal,
  ): Promise<SourceFailure | null> {
    switch (vcs) {
      case 'git':
        return toolFailure(await this.cloneMirror(address.url, target, address, onProgress, signal), 'git');
      case 'mercurial': {
        // A local path as the file system has it (a URL's pathname keeps %20 for a space).
        const path = address.url.startsWith('file://') ? fileURLToPath(address.url) : address.url;
        return toolFailure(await this.cloneMirror(`hg::${path}`, target, address, onProgress, signal), 'mercurial');
      }
      case 'subversion':
        return this.fetchSubversion(target, address, onProgress, signal);
      case 'tfvc':
        return { kind: 'error', message: 'Team Foundation Version Control imports are not supported by this server' };
    }
  }

  private cloneMirror(
    url: string,
    target: string,
    address: SourceAddress,
    onProgress: (progress: FetchProgress) => void,
    signal: AbortSignal,
  ): Promise<ToolRun> {
    return runTool('git', ['clone', '--mirror', '--progress', '--', url, target], {
      env: this.environment(address),
      signal,
      onStderrLine: (line) => {
        const percent = progressPercent(line, /Receiving objects/);
        if (percent !== null) onProgress({ percent: Math.min(percent, 99), commitCount: null });
      },
    });
  }

  // git svn into a working repository, then its branches and tags as Git's: trunk is the
  // local master, svn branches become branches, svn tags tags.
  private async fetchSubversion(
    target: string,
    address: SourceAddress,
    onProgress: (progress: FetchProgress) => void,
    signal: AbortSignal,
  ): Promise<SourceFailure | null> {
    const listing = await this.svn(['ls', address.url], address, signal);
    if (listing.exitCode !== 0) return toolFailure(listing, 'subversion');
    const head = Number((await this.svn(['info', '--show-item', 'revision', address.url], address, signal)).stdout.trim()) || 0;
    const standard = /^trunk\/$/m.test(listing.stdout);
    const work = `${target.replace(/\.git$/, '')}-svn`;
    await rm(work, { recursive: true, force: true });
    const username = address.credentials?.username ? ['--username', address.credentials.username] : [];
    // The head revision is the commit count to come; git svn reports "r12 = <sha> (...)" on
    // standard output as it converts each revision.
    if (head > 0) onProgress({ percent: 0, commitCount: head });
    const cloned = await runTool('git', ['svn', 'clone', ...(standard ? ['--stdlayout'] : []), ...username, '--', address.url, work], {
      env: this.environment(address),
      signal,
      onStdoutLine: (line) => {
        const revision = /^r(\d+) = /.exec(line);
        if (revision && head > 0) onProgress({ percent: Math.min(99, Math.floor((Number(revision[1]) / head) * 100)), commitCount: head });
      },
    });
    if (cloned.exitCode !== 0) {
      await rm(work, { recursive: true, force: true });
      return toolFailure(cloned, 'subversion');
    }
    await runTool('git', ['init', '--bare', '--quiet', target], { env: this.environment(null) });
    // Two fetches: a negative refspec excludes its refs from every refspec of its fetch.
    const copy = (refspecs: readonly string[]) => runTool('git', ['-C', target, 'fetch', '--quiet', '--', work, ...refspecs], { env: this.environment(null) });
    let copied = await copy(['+refs/heads/*:refs/heads/*', '+refs/remotes/origin/tags/*:refs/tags/*']);
    if (copied.exitCode === 0) copied = await copy(['+refs/remotes/origin/*:refs/heads/*', '^refs/remotes/origin/tags/*', '^refs/remotes/origin/trunk']);
    await rm(work, { recursive: true, force: true });
    if (copied.exitCode !== 0) return { kind: 'error', message: `The Subversion history could not be converted: ${lastLine(copied.stderr)}` };
    await runTool('git', ['-C', target, 'symbolic-ref', 'HEAD', 'refs/heads/master'], { env: this.environment(null) });
    return null;
  }

  private svn(args: readonly string[], address: SourceAddress, signal: AbortSignal): Promise<ToolRun> {
    const credentials = address.credentials ? ['--username', address.credentials.username, '--password-from-stdin', '--no-auth-cache'] : [];
    return runTool('svn', ['--non-interactive', ...credentials, ...args], {
      env: this.environment(null),
      signal,
      ...(address.credentials ? { input: `${address.credentials.password}\n` } : {}),
    });
  }

  // Each (name, email) the branches and tags were authored as, in the order they first appear.
  private async authorsOf(gitDir: string): Promise<HistoryAuthor[]> {
    const seen = new Set<string>();
    const authors: HistoryAuthor[] = [];
    for (const line of (await this.git(gitDir, ['log', '--branches', '--tags', '--reverse', '--format=%an%x00%ae'])).split('\n')) {
      if (line.length === 0 || seen.has(line)) continue;
      seen.add(line);
      const [name = '', email = ''] = line.split('\0');
      authors.push({ remoteId: email, remoteName: name, name, email });
    }
    return authors;
  }

  // Blobs above the threshold, each under the first ref (branches, then tags) that reaches it.
  private async largeFilesOf(gitDir: string): Promise<LargeFile[]> {
    const refs = (await this.git(gitDir, ['for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/tags'])).split('\n').filter((ref) => ref.length > 0);
    const files: LargeFile[] = [];
    const earlier: string[] = [];
    for (const ref of refs) {
      const objects = await this.git(gitDir, ['rev-list', '--objects', ref, ...(earlier.length > 0 ? ['--not', ...earlier] : [])]);
      earlier.push(ref);
      const paths = new Map<string, string>();
      for (const line of objects.split('\n')) {
        const space = line.indexOf(' ');
        if (space > 0) paths.set(line.slice(0, space), line.slice(space + 1));
      }
      if (paths.size === 0) continue;
      const checked = await runTool('git', ['-C', gitDir, 'cat-file', '--batch-check=%(objecttype) %(objectname) %(objectsize)'], {
        env: this.environment(null),
        input: [...paths.keys()].map((sha) => `${sha}\n`).join(''),
      });
      for (const line of checked.stdout.split('\n')) {
        const [type, oid, size] = line.split(' ');
        if (type === 'blob' && oid && Number(size) > this.options.largeFileBytes)
          files.push({ refName: ref, path: paths.get(oid) ?? '', oid, size: Number(size) });
      }
    }
    return files;
  }

  private async git(gitDir: string, args: readonly string[]): Promise<string> {
    const run = await runTool('git', ['-C', gitDir, ...args], { env: this.environment(null) });
    if (run.exitCode !== 0) throw new Error(`git ${args[0]} in ${gitDir} exited with ${run.exitCode}: ${lastLine(run.stderr)}`);
    return run.stdout;
  }

  // The tools' environment: no system or user configuration, no terminal prompts; the
  // credentials, when there are any, only in the variables the askpass script reads.
  private environment(address: SourceAddress | null): Record<string, string> {
    const credentials = address?.credentials;
    return gitEnvironment(this.home, {
      GIT_LFS_SKIP_SMUDGE: '1',
      // A transfer that stalls (under 1 KB/s for a minute) ends instead of hanging the import.
      GIT_HTTP_LOW_SPEED_LIMIT: '1000',
      GIT_HTTP_LOW_SPEED_TIME: '60',
      // The address policy checks the address given, not where it redirects: git follows no
      // redirect where private addresses are refused (a public host answering 302 to
      // 127.0.0.1 would take git there), and the import says where to import from instead.
      // Mercurial (hg, and git-remote-hg, which loads hg's extensions) has no such setting: an
      // extension of its own refuses them.
      ...(this.options.allowPrivateSources
        ? {}
        : { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.followRedirects', GIT_CONFIG_VALUE_0: 'false', HGRCPATH: `${SYSTEM_HGRC}:${this.hgrc}` }),
      ...(credentials
        ? {
            GIT_ASKPASS: this.askpass,
            SSH_ASKPASS: this.askpass,
            FORGELOG_SOURCE_USERNAME: credentials.username,
            FORGELOG_SOURCE_PASSWORD: credentials.password,
          }
        : {}),
    });
  }

  private ready(): Promise<void> {
    this.prepared ??= (async () => {
      await mkdir(this.home, { recursive: true });
      await writeFile(
        this.askpass,
        '#!/bin/sh\n# Answers git\'s prompts from the environment the importer gave this process.\ncase "$1" in\n  Username*|username*) printf \'%s\\n\' "$FORGELOG_SOURCE_USERNAME" ;;\n  *) printf \'%s\\n\' "$FORGELOG_SOURCE_PASSWORD" ;;\nesac\n',
      );
      await chmod(this.askpass, 0o700);
      const extension = join(this.root, '.hg-refuse-redirects.py');
      await writeFile(extension, REFUSE_REDIRECTS_EXTENSION);
      await writeFile(this.hgrc, `[extensions]\nrefuseredirects = ${extension}\n`);
    })();
    return this.prepared;
  }
}
