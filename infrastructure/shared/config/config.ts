import { statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
// Everything configurable, read once from the environment and validated at start.
export interface Config {
  readonly port: number;
  readonly host: string;
  // what URLs in bodies start with; unset, each request's own scheme and Host header
  readonly baseUrl: string | undefined;
  readonly dataDir: string;
  readonly adminLogin: string;
  readonly adminPassword: string | undefined;
  readonly eventStoreUrl: string | undefined;
  readonly mongodbUrl: string | undefined;
  readonly mongodbDatabase: string;
  readonly meilisearchUrl: string | undefined;
  readonly meilisearchKey: string | undefined;
  readonly rateLimits: {
    readonly enabled: boolean;
    readonly coreAuthenticated: number;
    readonly coreAnonymous: number;
    readonly searchAuthenticated: number;
    readonly searchAnonymous: number;
    // GET /search/code has its own, lower budget.
    readonly codeSearchAuthenticated: number;
    readonly codeSearchAnonymous: number;
  };
  readonly logLevel: string;
  readonly readYourWritesTimeoutMs: number;
  // FORGELOG_TOTP_KEY, base64 of 32 bytes; unset, the embedded family keeps <dataDir>/keys/totp.key
  readonly totpKey: string | undefined;
  // GitHub retired the OAuth Authorizations API on 13 November 2020, after brownouts:
  // enabled (with optional brownout windows), brownout, or removed (404, as GitHub since).
  // X-Forwarded-For and X-Forwarded-Proto are believed only from these proxies (addresses,
  // CIDR ranges, or loopback/linklocal/uniquelocal); none by default.
  readonly trustedProxies: readonly string[];
  // How long a request's headers and body may take to arrive (FORGELOG_REQUEST_TIMEOUT_MS).
  readonly requestTimeoutMs: number;
  // How long a name reservation may wait for its holder before it counts as orphaned and is
  // released (FORGELOG_RESERVATION_GRACE_MS); longer than any command runs.
  readonly reservationGraceMs: number;
  // How often process managers look for due steps (FORGELOG_PROCESS_TICK_MS).
  readonly processTickMs: number;
  // Webhook deliveries: loopback and private targets allowed (FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS=true;
  // off by default, as GitHub Enterprise refuses them without an allow list), the wait for an answer.
  readonly webhooks: { readonly allowPrivateTargets: boolean; readonly timeoutMs: number };
  // Source imports: files above largeFileBytes are "large" (FORGELOG_IMPORT_LARGE_FILE_BYTES,
  // GitHub's 100 MB by default); sources at private or loopback addresses and local paths only
  // when allowed (FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES=true).
  readonly imports: { readonly largeFileBytes: number; readonly allowPrivateSources: boolean };
  // Search: a query still running after timeLimitMs answers with what it found so far,
  // incomplete_results: true (FORGELOG_SEARCH_TIME_LIMIT_MS).
  readonly search: { readonly timeLimitMs: number };
  // The first wait before a dropped projection subscription resubscribes, doubled per failure
  // without progress (FORGELOG_PROJECTION_RETRY_MS); after eight the process exits with 70.
  readonly projectionRetryMs: number;
  // Activity feeds show at most this many events (FORGELOG_ACTIVITY_FEED_LIMIT, up to GitHub's
  // 300, which is what is kept) of at most this many days (FORGELOG_ACTIVITY_MAX_AGE_DAYS, up
  // to GitHub's 90, which is what is kept).
  readonly activity: { readonly feedLimit: number; readonly maxAgeDays: number };
  readonly authorizationsApi: {
    readonly mode: 'enabled' | 'brownout' | 'removed';
    readonly brownouts: readonly { readonly from: number; readonly to: number }[];
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integerSetting(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    return fallback;
  }
  return value;
}

function urlSetting(env: Env, name: string, protocols: readonly string[], problems: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) problems.push(`${name} must start with ${protocols.join(' or ')}, got "${raw}"`);
  } catch {
    problems.push(`${name} is not a URL: "${raw}"`);
  }
  return raw;
}

// What is wrong with a directory to be made at `path`: a file there, or a file in place of
// one of its parents (the start would stop on mkdir's EEXIST or ENOTDIR, naming no setting).
function fileInPlaceOf(path: string): string | undefined {
  for (let at = path; ; at = dirname(at)) {
    let found: Stats | undefined;
    try {
      found = statSync(at, { throwIfNoEntry: false });
    } catch {
      // ENOTDIR: a parent further up is a file.
    }
    if (found !== undefined) {
      if (found.isDirectory()) return undefined;
      return at === path ? `${path} is a file, not a directory` : `${path} lies under ${at}, a file, not a directory`;
    }
    if (dirname(at) === at) return undefined;
  }
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const port = integerSetting(env, 'FORGELOG_PORT', 3000, 0, 65535, problems);
  const host = env.FORGELOG_HOST || '0.0.0.0';
  const baseUrl = urlSetting(env, 'FORGELOG_BASE_URL', ['http:', 'https:'], problems)?.replace(/\/+$/, '');
  const adminLogin = env.FORGELOG_ADMIN_LOGIN || 'admin';
  if (!LOGIN.test(adminLogin)) problems.push(`FORGELOG_ADMIN_LOGIN "${adminLogin}" is not a valid GitHub login (letters, digits, single hyphens, at most 39)`);
  const adminPassword = env.FORGELOG_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) problems.push('FORGELOG_ADMIN_PASSWORD must be at least 8 characters');
  const rateLimitsRaw = (env.FORGELOG_RATE_LIMITS ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(rateLimitsRaw)) problems.push(`FORGELOG_RATE_LIMITS must be "on" or "off", got "${env.FORGELOG_RATE_LIMITS}"`);
  const logLevel = env.FORGELOG_LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`FORGELOG_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const totpKey = env.FORGELOG_TOTP_KEY || undefined;
  if (totpKey !== undefined && Buffer.from(totpKey.trim(), 'base64').length !== 32) {
    problems.push(
      `FORGELOG_TOTP_KEY must be 32 random bytes in base64 (44 characters, such as the output of "openssl rand -base64 32"), got ${totpKey.trim().length} characters decoding to ${Buffer.from(totpKey.trim(), 'base64').length} bytes`,
    );
  }
  // The signing keys of private feed tokens, archive links and raw download links: an empty or
  // short one (a value that is not base64 decodes to nothing) would let anyone compute the signatures.
  for (const name of ['FORGELOG_FEED_TOKEN_KEY', 'FORGELOG_ARCHIVE_LINK_KEY', 'FORGELOG_RAW_LINK_KEY']) {
    const value = env[name] || undefined;
    const bytes = value === undefined ? 0 : Buffer.from(value.trim(), 'base64').length;
    if (value !== undefined && bytes < 32) {
      problems.push(
        `${name} must be at least 32 random bytes in base64 (such as the output of "openssl rand -base64 32"), got ${value.trim().length} characters decoding to ${bytes} bytes`,
      );
    }
  }
  const authorizationsMode = (env.FORGELOG_AUTHORIZATIONS_API || 'enabled').toLowerCase();
  if (!['enabled', 'brownout', 'removed'].includes(authorizationsMode))
    problems.push(`FORGELOG_AUTHORIZATIONS_API must be enabled, brownout or removed, got "${env.FORGELOG_AUTHORIZATIONS_API}"`);
  const brownouts = (env.FORGELOG_AUTHORIZATIONS_BROWNOUTS ?? '')
    .split(',')
    .map((window) => window.trim())
    .filter((window) => window !== '')
    .flatMap((window) => {
      const [from, to] = window.split('/').map((instant) => Date.parse(instant));
      if (from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to) || to <= from) {
        problems.push(`FORGELOG_AUTHORIZATIONS_BROWNOUTS takes ISO 8601 intervals "start/end" separated by commas, got "${window}"`);
        return [];
      }
      return [{ from, to }];
    });
  // Absolute from the start: git resolves a relative path (a push's hooks) inside each repository.
  const dataDir = resolve(env.FORGELOG_DATA_DIR || './data');
  const dataDirFault = fileInPlaceOf(dataDir);
  if (dataDirFault !== undefined) problems.push(`FORGELOG_DATA_DIR ${dataDirFault}`);
  const config: Config = {
    port,
    host,
    baseUrl,
    dataDir,
    adminLogin,
    adminPassword,
    eventStoreUrl: urlSetting(env, 'FORGELOG_EVENTSTORE_URL', ['esdb:', 'esdb+discover:'], problems),
    mongodbUrl: urlSetting(env, 'FORGELOG_MONGODB_URL', ['mongodb:', 'mongodb+srv:'], problems),
    mongodbDatabase: env.FORGELOG_MONGODB_DATABASE || 'forgelog',
    meilisearchUrl: urlSetting(env, 'FORGELOG_MEILISEARCH_URL', ['http:', 'https:'], problems),
    meilisearchKey: env.FORGELOG_MEILISEARCH_KEY || undefined,
    rateLimits: {
      enabled: rateLimitsRaw !== 'off',
      coreAuthenticated: integerSetting(env, 'FORGELOG_RATE_LIMIT_CORE', 5000, 1, 1e9, problems),
      coreAnonymous: integerSetting(env, 'FORGELOG_RATE_LIMIT_CORE_ANONYMOUS', 60, 1, 1e9, problems),
      searchAuthenticated: integerSetting(env, 'FORGELOG_RATE_LIMIT_SEARCH', 30, 1, 1e9, problems),
      searchAnonymous: integerSetting(env, 'FORGELOG_RATE_LIMIT_SEARCH_ANONYMOUS', 10, 1, 1e9, problems),
      codeSearchAuthenticated: integerSetting(env, 'FORGELOG_RATE_LIMIT_CODE_SEARCH', 10, 1, 1e9, problems),
      codeSearchAnonymous: integerSetting(env, 'FORGELOG_RATE_LIMIT_CODE_SEARCH_ANONYMOUS', 10, 1, 1e9, problems),
    },
    logLevel,
    readYourWritesTimeoutMs: integerSetting(env, 'FORGELOG_READ_YOUR_WRITES_TIMEOUT_MS', 10_000, 1, 600_000, problems),
    totpKey,
    requestTimeoutMs: integerSetting(env, 'FORGELOG_REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000, problems),
    reservationGraceMs: integerSetting(env, 'FORGELOG_RESERVATION_GRACE_MS', 600_000, 1_000, 86_400_000, problems),
    processTickMs: integerSetting(env, 'FORGELOG_PROCESS_TICK_MS', 250, 5, 60_000, problems),
    webhooks: {
      allowPrivateTargets: env.FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
      timeoutMs: integerSetting(env, 'FORGELOG_WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000, problems),
    },
    imports: {
      largeFileBytes: integerSetting(env, 'FORGELOG_IMPORT_LARGE_FILE_BYTES', 100 * 1024 * 1024, 1, 1e12, problems),
      allowPrivateSources: env.FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES === 'true',
    },
    search: { timeLimitMs: integerSetting(env, 'FORGELOG_SEARCH_TIME_LIMIT_MS', 10_000, 0, 600_000, problems) },
    projectionRetryMs: integerSetting(env, 'FORGELOG_PROJECTION_RETRY_MS', 250, 1, 60_000, problems),
    trustedProxies: (env.FORGELOG_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    activity: {
      feedLimit: integerSetting(env, 'FORGELOG_ACTIVITY_FEED_LIMIT', 300, 1, 300, problems),
      maxAgeDays: integerSetting(env, 'FORGELOG_ACTIVITY_MAX_AGE_DAYS', 90, 1, 90, problems),
    },
    authorizationsApi: { mode: authorizationsMode as Config['authorizationsApi']['mode'], brownouts },
  };
  if (config.eventStoreUrl !== undefined && totpKey === undefined) {
    problems.push('FORGELOG_TOTP_KEY (base64 of 32 random bytes, the same for every process) must be set when FORGELOG_EVENTSTORE_URL is');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
