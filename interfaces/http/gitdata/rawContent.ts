import type { Response } from 'express';
import { weakEtag } from '../shared/conditionalGet.js';
import { sendNotModifiedIfFresh } from '../shared/jsonResponse.js';
import { formatContentType, type MediaType } from '../shared/mediaType.js';

// A file's or blob's bytes as they are, for GitHub's raw media type.
export function sendRawContent(res: Response, mediaType: MediaType, content: Uint8Array): void {
  sendBytes(res, formatContentType(mediaType), content);
}

// Bytes with an ETag of their own, as JSON answers have: a client that still holds them
// (If-None-Match) is answered 304 without them.
export function sendBytes(res: Response, contentType: string, content: Uint8Array): void {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.length);
  res.status(200);
  res.setHeader('ETag', weakEtag(bytes));
  if (sendNotModifiedIfFresh(res)) return;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', String(content.length));
  res.end(bytes);
}
