import type { Response } from 'express';
import type { RawDownloadLinks } from '../../../application/gitdata/rawDownloadLinks.port.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import { accessCallerOf } from '../repositories/repositoryScope.js';

// How long a private file's download_url opens it without credentials (GitHub's raw tokens
// are short-lived). The expiry is the start of the current ten-minute window plus an hour, so
// the same request within a window answers the same bytes (its ETag holds for a conditional
// GET) and a link handed out is good for fifty minutes at least.
const LIFETIME_MS = 60 * 60 * 1000;
const WINDOW_MS = 10 * 60 * 1000;

export function downloadTokenExpiry(now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS + LIFETIME_MS);
}

// What a file's download_url ends with, given its `<ref>/<path>`.
export type DownloadQuery = (refAndPath: string) => string;

// A private repository's download_url carries `?token=...` for the user reading it, as
// GitHub's does, so the link opens without credentials until it expires; a public one's needs
// none, and an anonymous reader reads no private repository.
export async function downloadQueryFor(links: RawDownloadLinks, res: Response, repository: RepositoryDocument, now: Date): Promise<DownloadQuery | undefined> {
  const caller = accessCallerOf(res);
  if (!repository.private || caller === null) return undefined;
  const sign = await links.signer(caller.userId, repository.id, downloadTokenExpiry(now));
  return (refAndPath) => `?token=${sign(refAndPath)}`;
}
