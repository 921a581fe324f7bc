import type { ApiUrls } from './apiUrls.js';

// Encodings of the documents the read-model store hands out frozen: such a document never
// changes (a write stores a new object), so its encoding for a base URL can be kept and
// handed out again, frozen too, and jsonResponse.ts then serializes and hashes it once.
// Keyed by the document object itself, an entry cannot go stale. Documents that are not
// frozen (the MongoDB adapter's fresh copies) are encoded every time. Bounded: the cache
// is emptied when full, which costs only re-encoding.
export class EncodingCache<D extends object, E extends object> {
  private readonly entries = new Map<D, { readonly urls: ApiUrls; readonly encoded: E }>();

  constructor(
    private readonly encode: (document: D, urls: ApiUrls) => E,
    private readonly limit = 10_000,
  ) {}

  encoded(document: D, urls: ApiUrls): E {
    if (!Object.isFrozen(document)) return this.encode(document, urls);
    const known = this.entries.get(document);
    if (known?.urls === urls) return known.encoded;
    if (this.entries.size >= this.limit) this.entries.clear();
    const encoded = Object.freeze(this.encode(document, urls));
    this.entries.set(document, { urls, encoded });
    return encoded;
  }
}
