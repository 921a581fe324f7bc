import type { Request, Response, Router } from 'express';
import { identiconPng } from './identicon.js';

const KEPT = new Map<number, Buffer>();
const KEPT_LIMIT = 1024;

// avatar_url (`/avatars/u/{id}`, at the web root, where GitHub Enterprise serves avatars
// without subdomain isolation) serves an image, as GitHub's does: forgelog has no uploads, so
// every account has its generated identicon. Ids that no account has get one too, as a
// URL that was valid once must not break an <img>.
export function avatarsRoutes(router: Router): void {
  router.get('/avatars/u/:id', (req: Request, res: Response) => {
    const id = Number(req.params.id);
    if (!/^\d{1,15}$/.test(String(req.params.id)) || !Number.isSafeInteger(id)) {
      res.status(404).json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
      return;
    }
    let png = KEPT.get(id);
    if (!png) {
      if (KEPT.size >= KEPT_LIMIT) KEPT.clear();
      png = identiconPng(id);
      KEPT.set(id, png);
    }
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('Content-Length', png.length);
    res.end(png);
  });
}
