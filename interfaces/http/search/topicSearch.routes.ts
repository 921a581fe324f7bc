import type { Router } from 'express';
import type { TopicSearchQuery } from '../../../application/search/topicSearch.query.js';
import type { TopicSearchDocument } from '../../../application/search/topicSearch.js';
import { urlsOf } from '../shared/apiUrls.js';
import { requirePreview } from '../shared/mediaType.js';
import { searchRequestOf, sendSearchPage } from './searchRequest.js';

const isoTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

// GitHub's topic-search-result-item. forgelog keeps no curated topic pages: what GitHub's
// curators write (display name, descriptions, logo, who made it, release) is null, and no
// topic is featured, curated, related or aliased.
function topicJson(topic: TopicSearchDocument) {
  return {
    name: topic.name,
    display_name: null,
    short_description: null,
    description: null,
    created_by: null,
    released: null,
    created_at: isoTime(topic.created),
    updated_at: isoTime(topic.updated),
    featured: topic.featured,
    curated: topic.curated,
    repository_count: topic.repositories,
    logo_url: null,
    related: [],
    aliases: [],
  };
}

// GET /search/topics, behind the mercy preview as GitHub had it.
export function topicSearchRoutes(router: Router, query: TopicSearchQuery): void {
  router.get('/search/topics', requirePreview('mercy'), async (req, res) => {
    const request = searchRequestOf(req, res);
    const urls = urlsOf(res);
    await sendSearchPage(req, res, request, await query.search(request), topicJson, (topic) => urls.html(`/topics/${topic.name}`), 'Topic');
  });
}
