import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { RepositoryContents } from '../../../application/gitdata/contents.service.js';
import type { RawDownloadLinks } from '../../../application/gitdata/rawDownloadLinks.port.js';
import type { MarkupRenderer } from '../../../application/gitdata/markupRenderer.port.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { sendGithubError, type ValidationErrorItem } from '../shared/githubError.js';
import { formatContentType, mediaTypeOf } from '../shared/mediaType.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { encodeContentEntry, encodeContentFile, encodeContentTree, encodeDirectoryEntry } from './contents.encoders.js';
import { DeleteContentBody, PutContentBody } from './gitdata.codecs.js';
import { encodeCommit, type RepositoryUrls } from './gitdata.encoders.js';
import { schemaSentence } from './schemaSentence.js';
import { sendBytes, sendRawContent } from './rawContent.js';
import { downloadQueryFor } from './downloadTokens.js';

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;
// GitHub refuses files over 100 MB.
const MAX_FILE_BYTES = 100 * 1024 * 1024;

// A body lacking required fields, or with one that is no string, gets GitHub's one sentence; any other fault its list.
function refuseBody(res: Response, errors: ValidationErrorItem[], body: unknown): void {
  const sentence = schemaSentence(errors, body);
  if (sentence !== null) return sendGithubError(res, 422, sentence);
  sendValidationFailed(res, errors);
}

function contentPath(req: Request): string {
  const value = req.params.path as unknown;
  return Array.isArray(value) ? value.join('/') : String(value ?? '');
}

// GET, PUT and DELETE /repos/{owner}/{repo}/contents/{path}.
export function contentsRoutes(router: Router, container: Container): void {
  const contents = container.get(RepositoryContents);
  const clock = container.get<Clock>(TOKENS.Clock);
  const links = container.get<RawDownloadLinks>(TOKENS.RawDownloadLinks);
  const markup = container.get<MarkupRenderer>(TOKENS.MarkupRenderer);
  const downloads = (res: Response) => downloadQueryFor(links, res, repositoryScopeOf(res).repository, clock.now());
  const at = (res: Response): RepositoryUrls => ({
    urls: urlsOf(res),
    fullName: `${repositoryScopeOf(res).owner.login}/${repositoryScopeOf(res).repository.name}`,
    repositoryId: repositoryScopeOf(res).repository.id,
  });

  const read = async (req: Request, res: Response, path: string) => {
    const ref = typeof req.query.ref === 'string' && req.query.ref !== '' ? req.query.ref : undefined;
    const found = await contents.get(repositoryScopeOf(res).repository, path, ref);
    // Not Git Data's 409: GitHub's contents of an empty repository are a 404 that says so.
    if (isLeft(found) && found.left._tag === 'GitRepositoryEmpty') return sendGithubError(res, 404, 'This repository is empty.');
    if (isLeft(found)) return sendAppError(res, found.left);
    const view = found.right;
    const media = mediaTypeOf(res);
    // GitHub: raw answers a file's (or symlink's) bytes, html a file rendered (a markup file's
    // HTML, another's text); a directory keeps its JSON list.
    if (view.kind === 'directory') {
      const query = await downloads(res);
      if (media.format === 'object') return res.json(encodeContentTree(at(res), view.ref, view.directory, view.entries, query));
      return res.json(view.entries.map((entry) => encodeDirectoryEntry(at(res), view.ref, entry, query)));
    }
    if (media.format === 'raw' && view.entry.content !== undefined) return sendRawContent(res, media, view.entry.content);
    if (media.format === 'html' && view.entry.type === 'file' && view.entry.content !== undefined)
      return sendBytes(res, formatContentType(media), Buffer.from(markup.render(view.entry.path, view.entry.content)));
    res.json(encodeContentFile(at(res), view.ref, view.entry, await downloads(res)));
  };
  router.get('/repos/:owner/:repo/contents', (req, res) => read(req, res, ''));
  // A directory read with a trailing slash (contents/docs/) is that directory, as on GitHub.
  router.get('/repos/:owner/:repo/contents/*path', (req, res) => read(req, res, contentPath(req).replace(/\/+$/, '')));

  router.put('/repos/:owner/:repo/contents/*path', requireUser, async (req, res) => {
    const body = decodeInput(PutContentBody, bodyOrEmpty(req.body), 'Content');
    if (isLeft(body)) return refuseBody(res, body.left, req.body);
    if (!BASE64.test(body.right.content)) return sendGithubError(res, 422, 'content is not valid Base64');
    const bytes = Buffer.from(body.right.content, 'base64');
    if (bytes.length > MAX_FILE_BYTES) return sendGithubError(res, 422, 'content is larger than 100 MB');
    const { message, sha, branch, author, committer } = body.right;
    const change = {
      message,
      content: bytes,
      ...(sha ? { sha } : {}),
      ...(branch ? { branch } : {}),
      ...(author ? { author } : {}),
      ...(committer ? { committer } : {}),
    };
    const done = await contents.change(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository,
      contentPath(req),
      change,
      clock.now(),
      commandContext(req, res, clock.now()),
    );
    if (isLeft(done)) return sendAppError(res, done.left);
    res.status(done.right.created ? 201 : 200).json({
      content: done.right.content ? encodeContentEntry(at(res), done.right.branch, done.right.content, await downloads(res)) : null,
      commit: encodeCommit(at(res), done.right.commit.sha, done.right.commit.commit),
    });
  });

  router.delete('/repos/:owner/:repo/contents/*path', requireUser, async (req, res) => {
    const body = decodeInput(DeleteContentBody, bodyOrEmpty(req.body), 'Content');
    if (isLeft(body)) return refuseBody(res, body.left, req.body);
    const { message, sha, branch, author, committer } = body.right;
    const change = { message, ...(sha ? { sha } : {}), ...(branch ? { branch } : {}), ...(author ? { author } : {}), ...(committer ? { committer } : {}) };
    const done = await contents.change(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository,
      contentPath(req),
      change,
      clock.now(),
      commandContext(req, res, clock.now()),
    );
    if (isLeft(done)) return sendAppError(res, done.left);
    res.status(200).json({ content: null, commit: encodeCommit(at(res), done.right.commit.sha, done.right.commit.commit) });
  });
}
