import type { Request, Response, Router } from 'express';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { GitObjectsService } from '../../../application/gitdata/gitObjects.service.js';
import { GitRefsService, type RefView } from '../../../application/gitdata/gitRefs.service.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requireUser } from '../shared/authentication.js';
import { bodyOrEmpty, decodeInput } from '../shared/decode.js';
import { sendGithubError } from '../shared/githubError.js';
import { mediaTypeOf } from '../shared/mediaType.js';
import { parsePagination, setLinkHeader } from '../shared/pagination.js';
import { commandContext } from '../shared/requestContext.js';
import { sendAppError, sendValidationFailed } from '../shared/respond.js';
import { accessCallerOf, repositoryScopeOf } from '../repositories/repositoryScope.js';
import { CreateBlobBody, CreateCommitBody, CreateRefBody, CreateTagBody, CreateTreeBody, UpdateRefBody } from './gitdata.codecs.js';
import { encodeBlob, encodeCommit, encodeRef, encodeShortBlob, encodeTag, encodeTree, type RepositoryUrls } from './gitdata.encoders.js';
import { sendRawContent } from './rawContent.js';

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

// A ref named in the path: everything after /git/ref/ (express hands the segments over).
function refPath(req: Request): string {
  const value = req.params.ref as unknown;
  return Array.isArray(value) ? value.join('/') : String(value ?? '');
}

// The 13 Git Data operations, under the /repos/:owner/:repo scope (read access settled there;
// writes need push access, decided in the application).
export function gitdataRoutes(router: Router, container: Container): void {
  const objects = container.get(GitObjectsService);
  const refs = container.get(GitRefsService);
  const clock = container.get<Clock>(TOKENS.Clock);
  const at = (res: Response): RepositoryUrls => ({
    urls: urlsOf(res),
    fullName: `${repositoryScopeOf(res).owner.login}/${repositoryScopeOf(res).repository.name}`,
    repositoryId: repositoryScopeOf(res).repository.id,
  });

  router.post('/repos/:owner/:repo/git/blobs', requireUser, async (req, res) => {
    const body = decodeInput(CreateBlobBody, bodyOrEmpty(req.body), 'Blob');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const encoding = body.right.encoding ?? 'utf-8';
    if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64')
      return sendGithubError(res, 422, `encoding must be utf-8 or base64, not ${encoding}`);
    if (encoding === 'base64' && !BASE64.test(body.right.content)) return sendGithubError(res, 422, 'content is not valid Base64');
    const content = encoding === 'base64' ? Buffer.from(body.right.content, 'base64') : Buffer.from(body.right.content, 'utf8');
    const created = await objects.createBlob(accessCallerOf(res), repositoryScopeOf(res).repository, content);
    if (isLeft(created)) return sendAppError(res, created.left);
    res.status(201).json(encodeShortBlob(at(res), created.right.sha));
  });

  router.get('/repos/:owner/:repo/git/blobs/:file_sha', async (req, res) => {
    const blob = await objects.blob(repositoryScopeOf(res).repository, String(req.params.file_sha));
    if (isLeft(blob)) return sendAppError(res, blob.left);
    const media = mediaTypeOf(res);
    if (media.format === 'raw') return sendRawContent(res, media, blob.right.content);
    res.json(encodeBlob(at(res), blob.right));
  });

  router.post('/repos/:owner/:repo/git/trees', requireUser, async (req, res) => {
    const body = decodeInput(CreateTreeBody, bodyOrEmpty(req.body), 'Tree');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const changes = body.right.tree.map((entry) => ({
      path: entry.path,
      // Anything but a string is no mode (refused as GitHub words it).
      mode: typeof entry.mode === 'string' ? entry.mode : '',
      type: entry.type,
      ...(entry.sha !== undefined ? { sha: entry.sha } : {}),
      ...(entry.content !== undefined && entry.content !== null ? { content: entry.content } : {}),
    }));
    const created = await objects.createTree(accessCallerOf(res), repositoryScopeOf(res).repository, body.right.base_tree, changes);
    if (isLeft(created)) return sendAppError(res, created.left);
    res.status(201).json(encodeTree(at(res), created.right));
  });

  router.get('/repos/:owner/:repo/git/trees/:tree_sha', async (req, res) => {
    // GitHub: any value of `recursive` asks for the whole tree ("0", "false" included).
    const recursive = req.query.recursive !== undefined;
    const tree = await objects.tree(repositoryScopeOf(res).repository, String(req.params.tree_sha), recursive);
    if (isLeft(tree)) return sendAppError(res, tree.left);
    res.json(encodeTree(at(res), tree.right));
  });

  router.post('/repos/:owner/:repo/git/commits', requireUser, async (req, res) => {
    const body = decodeInput(CreateCommitBody, bodyOrEmpty(req.body), 'Commit');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { message, tree, parents, author, committer, signature } = body.right;
    const input = {
      message,
      tree,
      parents: parents ?? [],
      ...(author ? { author } : {}),
      ...(committer ? { committer } : {}),
      ...(signature !== undefined ? { signature } : {}),
    };
    const created = await objects.createCommit(accessCallerOf(res)!, repositoryScopeOf(res).repository, input, clock.now());
    if (isLeft(created)) return sendAppError(res, created.left);
    res.status(201).json(encodeCommit(at(res), created.right.sha, created.right.commit));
  });

  router.get('/repos/:owner/:repo/git/commits/:commit_sha', async (req, res) => {
    const commit = await objects.commit(repositoryScopeOf(res).repository, String(req.params.commit_sha));
    if (isLeft(commit)) return sendAppError(res, commit.left);
    res.json(encodeCommit(at(res), commit.right.sha, commit.right.commit));
  });

  router.post('/repos/:owner/:repo/git/tags', requireUser, async (req, res) => {
    const body = decodeInput(CreateTagBody, bodyOrEmpty(req.body), 'Tag');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const { tag, message, object, type, tagger } = body.right;
    const created = await objects.createTag(
      accessCallerOf(res)!,
      repositoryScopeOf(res).repository,
      { tag, message, object, type, ...(tagger ? { tagger } : {}) },
      clock.now(),
    );
    if (isLeft(created)) return sendAppError(res, created.left);
    res.status(201).json(encodeTag(at(res), created.right.sha, created.right.tag));
  });

  router.get('/repos/:owner/:repo/git/tags/:tag_sha', async (req, res) => {
    const tag = await objects.tag(repositoryScopeOf(res).repository, String(req.params.tag_sha));
    if (isLeft(tag)) return sendAppError(res, tag.left);
    res.json(encodeTag(at(res), tag.right.sha, tag.right.tag));
  });

  router.get('/repos/:owner/:repo/git/ref/*ref', async (req, res) => {
    const ref = await refs.ref(repositoryScopeOf(res).repository, refPath(req));
    if (isLeft(ref)) return sendAppError(res, ref.left);
    res.json(encodeRef(at(res), ref.right));
  });

  // A page of refs, with GitHub's Link header.
  const sendRefs = (req: Request, res: Response, listed: readonly RefView[]) => {
    const { page, perPage } = parsePagination(req.query as Record<string, unknown>);
    setLinkHeader(req, res, { page, perPage, totalCount: listed.length });
    res.json(listed.slice((page - 1) * perPage, page * perPage).map((ref) => encodeRef(at(res), ref)));
  };
  // An empty prefix (matching-refs/, git/refs) lists every ref.
  const listMatching = async (req: Request, res: Response) => {
    const matching = await refs.matching(repositoryScopeOf(res).repository, refPath(req));
    if (isLeft(matching)) return sendAppError(res, matching.left);
    sendRefs(req, res, matching.right);
  };
  router.get('/repos/:owner/:repo/git/matching-refs', listMatching);
  router.get('/repos/:owner/:repo/git/matching-refs/*ref', listMatching);
  router.get('/repos/:owner/:repo/git/refs', listMatching);

  // GitHub's older read of refs (octokit 16's git.listRefs and getRef): one ref by its exact
  // name, else the refs starting with it.
  router.get('/repos/:owner/:repo/git/refs/*ref', async (req, res) => {
    const found = await refs.refOrMatching(repositoryScopeOf(res).repository, refPath(req));
    if (isLeft(found)) return sendAppError(res, found.left);
    if (Array.isArray(found.right)) return sendRefs(req, res, found.right);
    res.json(encodeRef(at(res), found.right as RefView));
  });

  router.post('/repos/:owner/:repo/git/refs', requireUser, async (req, res) => {
    const body = decodeInput(CreateRefBody, bodyOrEmpty(req.body), 'Reference');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const created = await refs.create(
      accessCallerOf(res),
      repositoryScopeOf(res).repository,
      body.right.ref,
      body.right.sha,
      commandContext(req, res, clock.now()),
    );
    if (isLeft(created)) return sendAppError(res, created.left);
    res.status(201).json(encodeRef(at(res), created.right));
  });

  router.patch('/repos/:owner/:repo/git/refs/*ref', requireUser, async (req, res) => {
    const body = decodeInput(UpdateRefBody, bodyOrEmpty(req.body), 'Reference');
    if (isLeft(body)) return sendValidationFailed(res, body.left);
    const updated = await refs.update(
      accessCallerOf(res),
      repositoryScopeOf(res).repository,
      refPath(req),
      body.right.sha,
      body.right.force ?? false,
      commandContext(req, res, clock.now()),
    );
    if (isLeft(updated)) return sendAppError(res, updated.left);
    res.json(encodeRef(at(res), updated.right));
  });

  router.delete('/repos/:owner/:repo/git/refs/*ref', requireUser, async (req, res) => {
    const deleted = await refs.delete(accessCallerOf(res), repositoryScopeOf(res).repository, refPath(req), commandContext(req, res, clock.now()));
    if (isLeft(deleted)) return sendAppError(res, deleted.left);
    res.status(204).end();
  });
}
