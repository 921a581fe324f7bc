import { inject, injectable } from 'inversify';
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import { importValidation, type ImportsError } from '../../domain/imports/imports.errors.js';
import { sourceImportDecider, type SourceImport, type SourceImportCommand, type SourceImportState } from '../../domain/imports/sourceImport.decider.js';
import { sourceImportStream, type ImportAuthor, type SourceImportEvent, type Vcs } from '../../domain/imports/sourceImport.events.js';
import { unambiguousSourceUrl } from '../../domain/imports/sourceUrl.js';
import { RepositoryGit } from '../repositories/repositoryGit.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery } from '../shared/access/repositoryAccess.query.js';
import type { AppError } from '../shared/appError.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldedState } from '../shared/foldedStates.js';
import { handleCommand } from '../shared/handleCommand.js';
import { inTurn } from '../shared/streamTurns.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import type { SecretCipher } from '../shared/ports/secretCipher.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { ReadYourWrites } from '../shared/readYourWrites.js';
import type { SourceCredentials } from './sourceImporter.port.js';

export interface StartImportInput {
  readonly vcsUrl: string;
  readonly vcs?: Vcs;
  readonly tfvcProject?: string;
  readonly username?: string;
  readonly password?: string;
}

export interface UpdateImportInput {
  readonly vcs?: Vcs;
  readonly tfvcProject?: string;
  readonly username?: string;
  readonly password?: string;
}

// How long a cancel or a restart of a pushing import waits for the push to take its refs back.
const PUSH_UNDO_WAIT_MS = 10_000;
const PUSH_UNDO_POLL_MS = 25;

const asIs = (stored: StoredEvent): SourceImportEvent => ({ type: stored.type, data: stored.data }) as SourceImportEvent;

// The addresses an importer reaches: http(s), svn and file (file only where the operator allows
// private sources; the importer decides).
const SOURCE_PROTOCOLS = new Set(['http:', 'https:', 'svn:', 'file:']);

function validSourceUrl(raw: string): boolean {
  if (!unambiguousSourceUrl(raw)) return false;
  try {
    return SOURCE_PROTOCOLS.has(new URL(raw).protocol);
  } catch {
    return false;
  }
}

// Credentials written into the address (https://user:secret@host/...) are taken out of it and
// kept as vcs_username and vcs_password are: encrypted, never in the log, an answer or a tool's
// arguments. Those given on their own take precedence.
function withoutUserinfo(input: StartImportInput): StartImportInput {
  let url: URL;
  try {
    url = new URL(input.vcsUrl);
  } catch {
    return input;
  }
  if (url.username === '' && url.password === '') return input;
  const decoded = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const username = input.username ?? decoded(url.username);
  const password = input.password ?? decoded(url.password);
  url.username = '';
  url.password = '';
  return { ...input, vcsUrl: url.toString(), username, password };
}

// Starting, restarting, cancelling an import, mapping its authors and choosing what becomes of
// large files. Who may is decided by the route (repository administrators). A repository a
// migration locked, or an archived one (read-only, as git push finds it), takes none of these
// but a cancel (which changes nothing in it): each would start a push into it.
@injectable()
export class SourceImportCommands {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @inject(TOKENS.ImportCredentialCipher) private readonly cipher: SecretCipher,
    @inject(TOKENS.GitStorage) private readonly git: GitStorage,
    @inject(RepositoryGit) private readonly repositoryGit: RepositoryGit,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  async start(repositoryId: number, given: StartImportInput, context: CommandContext): Promise<Either<AppError, void>> {
    const frozen = await this.frozen(repositoryId);
    if (frozen) return left(frozen);
    if (!validSourceUrl(given.vcsUrl)) return left(importValidation('vcs_url', 'invalid', 'vcs_url is not a valid http(s), svn or file URL'));
    const input = withoutUserinfo(given);
    const repositoryEmpty = await this.repositoryGit.isEmpty(repositoryId);
    const credentialsCiphertext = await this.encrypted(input);
    return this.run(
      repositoryId,
      {
        type: 'StartImport',
        repositoryId,
        repositoryEmpty,
        vcsUrl: input.vcsUrl,
        vcs: input.vcs ?? null,
        tfvcProject: input.tfvcProject ?? null,
        credentialsCiphertext,
        now: context.occurredAt,
      },
      context,
    );
  }

  async update(repositoryId: number, input: UpdateImportInput, context: CommandContext): Promise<Either<AppError, void>> {
    const frozen = await this.frozen(repositoryId);
    if (frozen) return left(frozen);
    const credentialsCiphertext = await this.encrypted(await this.withEarlierCredentials(repositoryId, input));
    const before = await this.currentImport(repositoryId);
    const refsUnchanged = await this.refsMatch(repositoryId, before?.pushedRefs ?? {});
    const outcome = await this.run(
      repositoryId,
      {
        type: 'UpdateImport',
        ...(input.vcs !== undefined ? { vcs: input.vcs } : {}),
        ...(input.tfvcProject !== undefined ? { tfvcProject: input.tfvcProject } : {}),
        ...(credentialsCiphertext !== null ? { credentialsCiphertext } : {}),
        refsUnchanged,
        now: context.occurredAt,
      },
      context,
    );
    if (!isLeft(outcome)) await this.pushUndone(repositoryId, before);
    return outcome;
  }

  async cancel(repositoryId: number, context: CommandContext): Promise<Either<AppError, void>> {
    const before = await this.currentImport(repositoryId);
    const outcome = await this.run(repositoryId, { type: 'CancelImport', now: context.occurredAt }, context);
    if (!isLeft(outcome)) await this.pushUndone(repositoryId, before);
    return outcome;
  }

  // A cancel or restart while pushing answers once the push took back what it moved (it does so
  // on its next look at the stream), so a PUT right after finds the repository as it was before
  // that push. Bounded: a push that cannot see it yet (busy copying objects) has moved nothing.
  private async pushUndone(repositoryId: number, before: SourceImport | null): Promise<void> {
    if (before?.status !== 'pushing') return;
    const expected = before.pushedRefs ?? {};
    const deadline = Date.now() + PUSH_UNDO_WAIT_MS;
    while (!(await this.refsMatch(repositoryId, expected)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, PUSH_UNDO_POLL_MS));
  }

  async mapAuthor(
    repositoryId: number,
    authorId: number,
    identity: { name?: string; email?: string },
    context: CommandContext,
  ): Promise<Either<AppError, ImportAuthor>> {
    const frozen = await this.frozen(repositoryId);
    if (frozen) return left(frozen);
    const refsUnchanged = await this.refsAsPushed(repositoryId);
    // An import's mappings take turns in this process (streamTurns.ts): twenty sent at once raced
    // for the import stream's revision until some ran out of attempts (409). The key is the
    // import's authors, not its stream: the import's own steps (the background process's
    // appends, which specs hold at a gate) never queue behind a mapping, and a mapping's turn
    // lasts its decision and append only, not the wait for the read models.
    const decided = await this.decide(
      repositoryId,
      { type: 'MapAuthor', authorId, ...identity, refsUnchanged },
      context,
      `${sourceImportStream(repositoryId)}/authors`,
    );
    if (isLeft(decided)) return decided;
    // The author as this mapping left it (another mapping of the same author may have landed
    // since, which the read model would show).
    const author = decided.right.kind === 'present' ? decided.right.import.authors.find((candidate) => candidate.id === authorId) : undefined;
    return author ? right(author) : left({ _tag: 'ImportAuthorNotFound' } satisfies ImportsError);
  }

  async setLfsPreference(repositoryId: number, useLfs: 'opt_in' | 'opt_out', context: CommandContext): Promise<Either<AppError, void>> {
    const frozen = await this.frozen(repositoryId);
    if (frozen) return left(frozen);
    const refsUnchanged = await this.refsAsPushed(repositoryId);
    return this.run(repositoryId, { type: 'SetLfsPreference', useLfs, refsUnchanged }, context);
  }

  private async frozen(repositoryId: number): Promise<AppError | null> {
    if ((await this.repositories.byId(repositoryId))?.archived) return { _tag: 'RepositoryArchived' };
    return (await this.access.lockedByMigration(repositoryId)) ? { _tag: 'RepositoryLocked' } : null;
  }

  private async run(repositoryId: number, command: SourceImportCommand, context: CommandContext): Promise<Either<AppError, void>> {
    const decided = await this.decide(repositoryId, command, context);
    return isLeft(decided) ? decided : right(undefined);
  }

  // The command decided and appended (in the turn named, when one is), then the read models
  // settled: the import's state as the command left it.
  private async decide(
    repositoryId: number,
    command: SourceImportCommand,
    context: CommandContext,
    turn?: string,
  ): Promise<Either<AppError, SourceImportState>> {
    const decide = () => handleCommand(this.eventStore, sourceImportDecider, sourceImportStream(repositoryId), command, context);
    const outcome = await (turn === undefined ? decide() : inTurn(this.eventStore, turn, decide));
    if (isLeft(outcome)) return outcome.left._tag === 'ImportAttemptSuperseded' ? left({ _tag: 'ImportNotFound' } satisfies ImportsError) : outcome;
    await this.readYourWrites.settle(outcome.right.position);
    return right(outcome.right.state);
  }

  // Whether the repository's branches and tags are still what the import pushed (a rewrite
  // would otherwise drop somebody's commits): none before a push completed (an import goes
  // into an empty repository; a push that failed may have moved some).
  private async refsAsPushed(repositoryId: number): Promise<boolean> {
    return this.refsMatch(repositoryId, (await this.currentImport(repositoryId))?.pushedRefs ?? {});
  }

  private async refsMatch(repositoryId: number, pushed: Readonly<Record<string, string>>): Promise<boolean> {
    await this.repositoryGit.ensure(repositoryId);
    const refs = [...(await this.git.listRefs(repositoryId, 'refs/heads/')), ...(await this.git.listRefs(repositoryId, 'refs/tags/'))];
    return refs.length === Object.keys(pushed).length && refs.every((ref) => pushed[ref.name] === ref.sha);
  }

  private async currentImport(repositoryId: number): Promise<SourceImport | null> {
    const { state } = await foldedState(this.eventStore, sourceImportDecider, sourceImportStream(repositoryId), asIs);
    return (state as SourceImportState).kind === 'present' ? (state as Extract<SourceImportState, { kind: 'present' }>).import : null;
  }

  // A PATCH naming only the password (a mistyped one retyped) keeps the username the import
  // has, and one naming only the username keeps its password: it changes what it names.
  private async withEarlierCredentials(repositoryId: number, input: UpdateImportInput): Promise<UpdateImportInput> {
    if ((input.username === undefined) === (input.password === undefined)) return input;
    const ciphertext = (await this.currentImport(repositoryId))?.credentialsCiphertext ?? null;
    if (ciphertext === null) return input;
    const earlier = JSON.parse(await this.cipher.decrypt(ciphertext)) as SourceCredentials;
    return { ...input, username: input.username ?? earlier.username, password: input.password ?? earlier.password };
  }

  // The username and password as one ciphertext; nothing when neither is given.
  private async encrypted(input: { username?: string; password?: string }): Promise<string | null> {
    if (input.username === undefined && input.password === undefined) return null;
    const credentials: SourceCredentials = { username: input.username ?? '', password: input.password ?? '' };
    return this.cipher.encrypt(JSON.stringify(credentials));
  }
}
