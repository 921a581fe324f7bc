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

// Encoded parts that depend on a few values and the base URL only (a simple-user, a
// repository's URLs): kept per base URL under a key, frozen and shared, and built again
// when the caller says a kept one no longer fits. Bounded per base like EncodingCache.
export class PerBaseUrlCache<K, E extends object> {
  private readonly byUrls = new WeakMap<ApiUrls, Map<K, E>>();

  constructor(private readonly limit = 50_000) {}

  kept(urls: ApiUrls, key: K, build: () => E, stillFits: (kept: E) => boolean = () => true): E {
    let byKey = this.byUrls.get(urls);
    if (!byKey) {
      byKey = new Map();
      this.byUrls.set(urls, byKey);
    }
    const known = byKey.get(key);
    if (known && stillFits(known)) return known;
    if (byKey.size >= this.limit) byKey.clear();
    const built = Object.freeze(build());
    byKey.set(key, built);
    return built;
  }
}

// Encodings that depend on a document and on other values (an issue's author, labels and
// milestone documents, the base URL): kept per document with the inputs they were built
// from, and handed out again while every input is the same (documents compared as objects:
// the embedded store replaces a document's object when it changes, so the same objects mean
// the same encoding). Frozen, as EncodingCache's, so jsonPayload.ts makes their bytes once.
// Documents that are not frozen (the MongoDB adapter's fresh copies) are encoded every time.
export class DependentEncodingCache<D extends object, E extends object> {
  private readonly entries = new Map<D, { readonly inputs: readonly unknown[]; readonly encoded: E }>();

  constructor(private readonly limit = 10_000) {}

  encoded(document: D, inputs: readonly unknown[], encode: () => E): E {
    if (!Object.isFrozen(document)) return encode();
    const known = this.entries.get(document);
    if (known !== undefined && sameInputs(known.inputs, inputs)) return known.encoded;
    if (this.entries.size >= this.limit) this.entries.clear();
    const encoded = Object.freeze(encode());
    this.entries.set(document, { inputs, encoded });
    return encoded;
  }
}

function sameInputs(kept: readonly unknown[], now: readonly unknown[]): boolean {
  if (kept.length !== now.length) return false;
  for (let index = 0; index < kept.length; index++) if (kept[index] !== now[index]) return false;
  return true;
}
