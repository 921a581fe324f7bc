import type { FeedPage } from '../../../application/activity/activityFeeds.query.js';

interface Kept {
  readonly stamp: number;
  readonly page: FeedPage;
}

const MAX_KEPT = 10_000;

// Polls mostly find nothing new: a page worked out for a request (its URL and caller) is
// kept while no event has been applied to the read models since (the runner's stamp) and the
// clock has not reached the page's validUntil; a poll then costs a map look-up. Off where a
// separate worker applies the events (no stamp to trust).
export class FeedPageCache {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly stamp: () => number | null) {}

  get(key: string, now: number): FeedPage | undefined {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    if (kept.stamp === this.stamp() && now < kept.page.validUntil) return kept.page;
    this.kept.delete(key);
    return undefined;
  }

  // The stamp is read before the page is worked out, so a page computed while an event was
  // being applied is kept under the older stamp and dropped at the next poll.
  currentStamp(): number | null {
    return this.stamp();
  }

  put(key: string, stamp: number | null, page: FeedPage): void {
    if (stamp === null) return;
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    this.kept.set(key, { stamp, page });
  }
}
