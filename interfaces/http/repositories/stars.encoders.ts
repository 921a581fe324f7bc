import type { Response } from 'express';
import type { UserDocument } from '../../../application/accounts/users.readModel.js';
import type { RepositoryStarDocument } from '../../../application/repositories/repositories.readModel.js';
import { simpleUser } from '../accounts/users.encoders.js';
import type { ApiUrls } from '../shared/apiUrls.js';
import { githubTime } from '../shared/githubTime.js';
import { mediaTypeOf } from '../shared/mediaType.js';

// application/vnd.github.star+json: GitHub's star lists then say when each star was given,
// wrapping each stargazer ({starred_at, user}) or starred repository ({starred_at, repo}).
export function asksForStarDates(res: Response): boolean {
  return mediaTypeOf(res).format === 'star';
}

export function stargazer(star: RepositoryStarDocument, user: UserDocument, urls: ApiUrls) {
  return { starred_at: githubTime(star.starred_at), user: simpleUser(user, urls) };
}

export function starredRepository<R>(starredAt: string, repository: R) {
  return { starred_at: githubTime(starredAt), repo: repository };
}
