import type { Response } from 'express';
import { formatContentType, type MediaType } from '../shared/mediaType.js';

// A file's or blob's bytes as they are, for GitHub's raw media type.
export function sendRawContent(res: Response, mediaType: MediaType, content: Uint8Array): void {
  res.status(200);
  res.setHeader('Content-Type', formatContentType(mediaType));
  res.setHeader('Content-Length', String(content.length));
  res.end(Buffer.from(content.buffer, content.byteOffset, content.length));
}
