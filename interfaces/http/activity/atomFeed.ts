import type { ApiUrls } from '../shared/apiUrls.js';
import { atomEntry, type FeedEvent } from './atomEntries.js';

export const ATOM_MEDIA_TYPE = 'application/atom+xml';

// What names a feed: its tag (unique on this host), title, and its web and feed addresses.
export interface AtomFeedMeta {
  readonly tag: string;
  readonly title: string;
  readonly alternate: string;
  readonly self: string;
}

// XML's five reserved characters; anything else a title holds is text. Characters XML 1.0
// cannot carry at all (most controls) are dropped rather than make the document invalid.
export function escapeXml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// RFC 4151 tag URIs, as GitHub's feeds name theirs (tag:github.com,2008:PushEvent/123).
const tagOf = (urls: ApiUrls, specific: string): string => `tag:${urls.hostname},2008:${specific}`;

function entryXml(event: FeedEvent, urls: ApiUrls): string {
  const { title, link } = atomEntry(event, urls);
  const author = urls.html(`/${event.actor.login}`);
  return [
    '  <entry>',
    `    <id>${escapeXml(tagOf(urls, `${event.type}/${event.id}`))}</id>`,
    `    <published>${escapeXml(event.created_at)}</published>`,
    `    <updated>${escapeXml(event.created_at)}</updated>`,
    `    <link type="text/html" rel="alternate" href="${escapeXml(link)}"/>`,
    `    <title type="text">${escapeXml(title)}</title>`,
    `    <author><name>${escapeXml(event.actor.login)}</name><uri>${escapeXml(author)}</uri></author>`,
    `    <media:thumbnail height="30" width="30" url="${escapeXml(event.actor.avatar_url)}"/>`,
    `    <content type="text">${escapeXml(title)}</content>`,
    '  </entry>',
  ].join('\n');
}

// An Atom 1.0 document of the events (newest first, as the feed's first page gives them). An
// empty feed's `updated` (which Atom requires) is the epoch.
export function atomFeed(meta: AtomFeedMeta, events: readonly FeedEvent[], urls: ApiUrls): string {
  const updated = events[0]?.created_at ?? '1970-01-01T00:00:00Z';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en-US">',
    `  <id>${escapeXml(tagOf(urls, meta.tag))}</id>`,
    `  <link type="text/html" rel="alternate" href="${escapeXml(meta.alternate)}"/>`,
    `  <link type="${ATOM_MEDIA_TYPE}" rel="self" href="${escapeXml(meta.self)}"/>`,
    `  <title>${escapeXml(meta.title)}</title>`,
    `  <updated>${escapeXml(updated)}</updated>`,
    ...events.map((event) => entryXml(event, urls)),
    '</feed>',
    '',
  ].join('\n');
}
