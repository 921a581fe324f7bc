import type { RequestHandler, Response } from 'express';
import { sendGithubError } from './githubError.js';

// 'star' (application/vnd.github.star+json) lists stars with the time each was given.
export type MediaFormat = 'json' | 'raw' | 'html' | 'full' | 'text' | 'text-match' | 'diff' | 'patch' | 'sha' | 'base64' | 'object' | 'star';

export interface MediaType {
  readonly version: 'v3' | null;
  readonly previews: ReadonlySet<string>;
  readonly format: MediaFormat | null;
  // Whether the range naming the format asked for +json (application/vnd.github.raw+json).
  readonly formatAsJson: boolean;
}

const FORMATS: ReadonlySet<string> = new Set<MediaFormat>([
  'json',
  'raw',
  'html',
  'full',
  'text',
  'text-match',
  'diff',
  'patch',
  'sha',
  'base64',
  'object',
  'star',
]);

const GITHUB_TYPE_PREFIX = 'application/vnd.github';
const PREVIEW_SUFFIX = '-preview';

function previewName(param: string): string {
  return param.slice(0, -PREVIEW_SUFFIX.length);
}

// One entry of the Accept header in GitHub's grammar: application/vnd.github[.version][.param][+json].
interface GithubMediaRange {
  readonly version: string | null;
  readonly params: readonly string[];
  readonly jsonSuffix: boolean;
}

export interface ParsedAccept {
  readonly mediaType: MediaType;
  // The value GitHub echoes in X-GitHub-Media-Type.
  readonly githubMediaTypeHeader: string;
}

export function parseAccept(accept: string | undefined): ParsedAccept {
  const entries = (accept ?? '')
    .split(',')
    .map((entry) => entry.split(';')[0].trim().toLowerCase())
    .filter((entry) => entry !== '');
  const ranges = entries.map(githubMediaRange).filter((range) => range !== null);
  const params = ranges.flatMap((range) => range.params);
  const previews = new Set(params.filter((param) => param.endsWith(PREVIEW_SUFFIX)).map(previewName));
  const formatParam = params.find((param) => FORMATS.has(param)) as MediaFormat | undefined;
  const formatRange = ranges.find((range) => range.params.some((param) => FORMATS.has(param)));
  const asksForJson = ranges.some((range) => range.jsonSuffix) || entries.includes('application/json');
  return {
    mediaType: {
      version: ranges.some((range) => range.version === 'v3') ? 'v3' : null,
      previews,
      format: formatParam ?? (asksForJson ? 'json' : null),
      formatAsJson: formatRange?.jsonSuffix ?? false,
    },
    githubMediaTypeHeader: headerValue(ranges[0]),
  };
}

function githubMediaRange(entry: string): GithubMediaRange | null {
  if (!entry.startsWith(GITHUB_TYPE_PREFIX)) return null;
  const rest = entry.slice(GITHUB_TYPE_PREFIX.length);
  if (rest !== '' && !rest.startsWith('.') && !rest.startsWith('+')) return null;
  const suffixStart = rest.indexOf('+');
  const dotted = suffixStart < 0 ? rest : rest.slice(0, suffixStart);
  const segments = dotted.split('.').filter((segment) => segment !== '');
  const version = segments.find((segment) => /^v\d+$/.test(segment) || segment === 'beta') ?? null;
  return {
    version,
    params: segments.filter((segment) => segment !== version),
    jsonSuffix: suffixStart >= 0 && rest.slice(suffixStart + 1) === 'json',
  };
}

// As api.github.com writes it: "github.v3; param=raw; format=json", with format=json only
// when the client asked for +json, and the plain default otherwise. A preview named without
// a version stands in the version's place, "github.inertia-preview; format=json" (recorded
// answers: machine-man, mercy, inertia, antiope, drax), not as a param of v3.
function headerValue(first: GithubMediaRange | undefined): string {
  if (first === undefined) return 'github.v3; format=json';
  const previewAsVersion = first.version === null && first.params.length > 0 && first.params[0].endsWith(PREVIEW_SUFFIX);
  const version = previewAsVersion ? first.params[0] : 'v3';
  const params = previewAsVersion ? first.params.slice(1) : first.params;
  const param = params.length > 0 ? `; param=${params.join('.')}` : '';
  return `github.${version}${param}${first.jsonSuffix ? '; format=json' : ''}`;
}

// Clients send a handful of distinct Accept values: each is parsed once.
const PARSED_CACHE_LIMIT = 256;

export function mediaType(): RequestHandler {
  const parsedByAccept = new Map<string, ParsedAccept>();
  return (req, res, next) => {
    const accept = req.headers.accept ?? '';
    let parsed = parsedByAccept.get(accept);
    if (!parsed) {
      if (parsedByAccept.size >= PARSED_CACHE_LIMIT) parsedByAccept.clear();
      parsed = parseAccept(accept);
      parsedByAccept.set(accept, parsed);
    }
    res.locals.mediaType = parsed.mediaType;
    res.setHeader('x-github-media-type', parsed.githubMediaTypeHeader);
    next();
  };
}

// A body in a format other than JSON (raw file bytes) goes out under the type asked for, as
// GitHub answers `application/vnd.github.v3.raw` with `application/vnd.github.v3.raw; charset=utf-8`.
export function formatContentType(mediaType: MediaType): string {
  const version = mediaType.version === 'v3' ? '.v3' : '';
  return `application/vnd.github${version}.${mediaType.format ?? 'json'}${mediaType.formatAsJson ? '+json' : ''}; charset=utf-8`;
}

// Falls back to parsing on the spot so a route still works if the middleware is not mounted.
export function mediaTypeOf(res: Response): MediaType {
  const parsed = res.locals.mediaType as MediaType | undefined;
  return parsed ?? parseAccept(res.req.get('Accept')).mediaType;
}

// The API names GitHub put in its 415 message for each preview.
// A null-prototype table: a query value such as __proto__ or toString finds nothing.
const PREVIEW_API_NAMES: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  inertia: 'Projects',
  cloak: 'Commit Search',
  mercy: 'Repository Topics',
  wyandotte: 'Migrations',
  'barred-rock': 'Source Imports',
});

export function requirePreview(preview: string, apiName: string = PREVIEW_API_NAMES[preview] ?? preview): RequestHandler {
  const message =
    `If you would like to help us test the ${apiName} API during its preview period, you must specify ` +
    "a custom media type in the 'Accept' header. Please see the docs for full details.";
  return (_req, res, next) => {
    if (mediaTypeOf(res).previews.has(preview)) {
      next();
      return;
    }
    // The operation's page, as GitHub's 415s named it (a recorded one for the Issue Importer
    // preview: ".../5282384165e0f86ef105#check-status-of-issue-import").
    sendGithubError(res, 415, message);
  };
}
