import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// One request and GitHub's answer to it, as @octokit/fixtures recorded them against
// api.github.com and then normalised them: ids counted from 1000 per kind, SHAs learned
// from answers counted from 0000…0001, every timestamp 2017-10-10T16:00:00Z, every node_id
// "MDA6RW50aXR5MQ==", counts (comments, score) 42.
export interface RecordedExchange {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly status: number;
  readonly response: unknown;
  readonly reqheaders: Record<string, string | number>;
  readonly headers: Record<string, string | number>;
}

export function recordedScenario(name: string): RecordedExchange[] {
  const root = dirname(createRequire(import.meta.url).resolve('@octokit/fixtures/package.json'));
  return JSON.parse(readFileSync(join(root, 'scenarios', 'api.github.com', name, 'normalized-fixture.json'), 'utf8')) as RecordedExchange[];
}

const PLACEHOLDER_SHA = /^0{20,}[1-9][0-9]*$/;
const SHA = /^[0-9a-f]{40}$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const GITHUB_HOSTS = ['https://api.github.com', 'https://github.com', 'https://avatars.githubusercontent.com'];

export const isPlaceholderSha = (value: unknown): value is string => typeof value === 'string' && value.length === 40 && PLACEHOLDER_SHA.test(value);

// What the recording learned from answers (or from the requests it left out of the
// fixture, which the spec makes itself): a recorded id or SHA of a kind and forgelog's own.
// The kind of an id is the URL path before it (`/projects/columns`), so a card and a column
// both numbered 1000 stay apart; SHAs are of kind `sha`, users' ids of kind `/u` (avatar URLs).
export class Substitutions {
  private readonly forward = new Map<string, string>();
  private readonly backward = new Map<string, string>();

  // A recorded value bound twice to different values of forgelog's is a difference: the
  // recording says both places held the same object.
  bind(kind: string, recorded: string | number, actual: string | number): string | undefined {
    const known = this.forward.get(`${kind} ${recorded}`);
    if (known !== undefined) return known === String(actual) ? undefined : `${kind} ${recorded} was ${known}, now ${actual}`;
    const knownRecorded = this.backward.get(`${kind} ${actual}`);
    if (knownRecorded !== undefined) return `${kind} ${actual} stands for both ${knownRecorded} and ${recorded}`;
    this.forward.set(`${kind} ${recorded}`, String(actual));
    this.backward.set(`${kind} ${actual}`, String(recorded));
    return undefined;
  }

  actual(kind: string, recorded: string | number): string {
    const actual = this.forward.get(`${kind} ${recorded}`);
    if (actual === undefined) throw new Error(`nothing learned for ${kind} ${recorded}`);
    return actual;
  }

  recorded(kind: string, actual: string): string | undefined {
    return this.backward.get(`${kind} ${actual}`);
  }
}

// A recorded request path or body with the ids and SHAs it names replaced by forgelog's.
export function replayedPath(path: string, substitutions: Substitutions): string {
  const [pathname, query] = path.split('?') as [string, string | undefined];
  const segments = pathname.split('/');
  const replayed = segments.map((segment, index) => {
    if (isPlaceholderSha(segment)) return substitutions.actual('sha', segment);
    return /^\d+$/.test(segment) ? substitutions.actual(segments.slice(0, index).join('/'), segment) : segment;
  });
  return replayed.join('/') + (query === undefined ? '' : `?${query}`);
}

export function replayedBody(body: unknown, substitutions: Substitutions): unknown {
  if (body === '' || body === undefined) return undefined;
  const replayed: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(replayed)) {
    if (isPlaceholderSha(value)) replayed[key] = substitutions.actual('sha', value);
    else if (key === 'column_id') replayed[key] = Number(substitutions.actual('/projects/columns', value as number));
    else if (key === 'position' && typeof value === 'string' && value.startsWith('after:')) {
      replayed[key] = `after:${substitutions.actual('/projects/columns/cards', value.slice('after:'.length))}`;
    }
  }
  return replayed;
}

// A difference between GitHub's recorded answer and forgelog's, where it is (`items[0].user.id`
// in the body, `header content-type`, `status`), and what it is.
export interface Difference {
  readonly where: string;
  readonly what: 'status' | 'header' | 'missing key' | 'extra key' | 'type' | 'value' | 'binding';
  readonly detail: string;
}

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

export class AnswerComparison {
  readonly differences: Difference[] = [];

  // serverUrl: forgelog's API root, what api.github.com and github.com stand for in its bodies.
  constructor(
    private readonly serverUrl: string,
    private readonly substitutions: Substitutions,
  ) {}

  // Binds the ids and SHAs an answer tells (an object's id by its url, any placeholder SHA),
  // before any value is compared, so URLs naming them read alike.
  learn(recorded: unknown, actual: unknown, where = ''): void {
    if (typeOf(recorded) !== typeOf(actual)) return;
    if (Array.isArray(recorded)) {
      recorded.forEach((element, index) => this.learn(element, (actual as unknown[])[index], `${where}[${index}]`));
      return;
    }
    if (isPlaceholderSha(recorded) && typeof actual === 'string') this.bound(where, 'sha', recorded, actual);
    if (typeOf(recorded) !== 'object') return;
    const recordedObject = recorded as Record<string, unknown>;
    const actualObject = actual as Record<string, unknown>;
    if (typeof recordedObject.id === 'number' && typeof recordedObject.url === 'string' && typeof actualObject.id === 'number') {
      this.bound(`${where}.id`, idKind(recordedObject.url, recordedObject.id), recordedObject.id, actualObject.id);
    }
    for (const key of Object.keys(recordedObject)) this.learn(recordedObject[key], actualObject[key], where === '' ? key : `${where}.${key}`);
  }

  compareBody(recorded: unknown, actual: unknown, where = ''): void {
    const at = where === '' ? '(body)' : where;
    if (typeOf(recorded) !== typeOf(actual)) {
      this.differ(at, 'type', `${typeOf(recorded)} recorded, ${typeOf(actual)} answered (${JSON.stringify(actual)})`);
      return;
    }
    if (Array.isArray(recorded)) {
      const answered = actual as unknown[];
      if (recorded.length !== answered.length) this.differ(at, 'value', `${recorded.length} elements recorded, ${answered.length} answered`);
      recorded.slice(0, answered.length).forEach((element, index) => this.compareBody(element, answered[index], `${where}[${index}]`));
      return;
    }
    if (typeOf(recorded) === 'object') {
      const recordedObject = recorded as Record<string, unknown>;
      const actualObject = actual as Record<string, unknown>;
      const child = (key: string) => (where === '' ? key : `${where}.${key}`);
      for (const key of Object.keys(recordedObject)) {
        if (!(key in actualObject)) this.differ(child(key), 'missing key', `recorded ${JSON.stringify(recordedObject[key])}`);
        else this.compareBody(recordedObject[key], actualObject[key], child(key));
      }
      for (const key of Object.keys(actualObject)) {
        if (!(key in recordedObject)) this.differ(child(key), 'extra key', `answered ${JSON.stringify(actualObject[key])}`);
      }
      return;
    }
    this.compareScalar(recorded, actual, at);
  }

  // The answered elements in the recorded order, paired by a key (an issue's number), so
  // that an order forgelog has reasons of its own for is one difference, not every value.
  inRecordedOrder(recorded: readonly Record<string, unknown>[], actual: readonly Record<string, unknown>[], key: string, where: string): unknown[] {
    const order = (elements: readonly Record<string, unknown>[]) => elements.map((element) => element[key]);
    const paired = recorded.map((element) => actual.find((candidate) => candidate[key] === element[key])).filter((element) => element !== undefined);
    if (paired.length !== actual.length) return [...actual];
    if (JSON.stringify(order(recorded)) !== JSON.stringify(order(actual))) {
      this.differ(`${where} order`, 'value', `by ${key}: recorded ${JSON.stringify(order(recorded))}, answered ${JSON.stringify(order(actual))}`);
    }
    return paired;
  }

  compareHeader(name: string, recorded: string | undefined, actual: string | null): void {
    const normalised = actual === null ? undefined : this.normalised(actual);
    if (normalised !== recorded) this.differ(`header ${name}`, 'header', `recorded ${JSON.stringify(recorded)}, answered ${JSON.stringify(actual)}`);
  }

  compareStatus(recorded: number, actual: number, body: unknown): void {
    if (recorded !== actual) this.differ('status', 'status', `recorded ${recorded}, answered ${actual}: ${JSON.stringify(body)}`);
  }

  private compareScalar(recorded: unknown, actual: unknown, where: string): void {
    const key = where.replace(/^.*[.\]]/, '');
    // Values the recording normalised: only their form is GitHub's.
    if (key === 'node_id') {
      if (typeof actual !== 'string' || actual.length === 0) this.differ(where, 'value', `node_id ${JSON.stringify(actual)}`);
      return;
    }
    if (typeof recorded === 'string' && TIMESTAMP.test(recorded)) {
      if (!TIMESTAMP.test(actual as string)) this.differ(where, 'value', `timestamp ${JSON.stringify(actual)} is not GitHub's form`);
      return;
    }
    if (key === 'id') return; // bound by learn(): the same id everywhere the recording has it
    if (isPlaceholderSha(recorded)) {
      if (!SHA.test(actual as string)) this.differ(where, 'value', `${JSON.stringify(actual)} is no SHA`);
      return;
    }
    const comparable = typeof actual === 'string' ? hostFree(this.normalised(actual)) : actual;
    const expected = typeof recorded === 'string' ? hostFree(rawHostAsWebHost(recorded)) : recorded;
    if (comparable !== expected) this.differ(where, 'value', `recorded ${JSON.stringify(recorded)}, answered ${JSON.stringify(actual)}`);
  }

  // forgelog's URL read as GitHub's: its root for api.github.com (the API) or github.com
  // (web pages, by the path: no /repos/, /users/, /projects/ … prefix), its ids and SHAs as the
  // recording numbered them.
  normalised(value: string): string {
    if (!value.startsWith(this.serverUrl)) return value;
    const [pathname, query] = value.slice(this.serverUrl.length).split('?') as [string, string | undefined];
    // Avatars under the server's own /avatars/u/{id}, as GitHub Enterprise Server serves them.
    if (pathname.startsWith('/avatars/u/')) {
      const id = pathname.slice('/avatars/u/'.length);
      return `${GITHUB_HOSTS[2]}/u/${this.substitutions.recorded('/u', id) ?? id}${query === undefined ? '' : `?${query}`}`;
    }
    const segments = pathname.split('/');
    const renamed = segments.map((segment, index) => {
      if (SHA.test(segment)) return this.substitutions.recorded('sha', segment) ?? segment;
      if (!/^\d+$/.test(segment)) return segment;
      return this.substitutions.recorded(segments.slice(0, index).join('/'), segment) ?? segment;
    });
    const api = /^\/(repos|users|orgs|projects|search|user|u)(\/|$)/.test(pathname);
    return `${api ? GITHUB_HOSTS[0] : GITHUB_HOSTS[1]}${renamed.join('/')}${query === undefined ? '' : `?${query}`}`;
  }

  private bound(where: string, kind: string, recorded: string | number, actual: string | number): void {
    const refused = this.substitutions.bind(kind, recorded, actual);
    if (refused) this.differ(where, 'binding', refused);
  }

  private differ(where: string, what: Difference['what'], detail: string): void {
    this.differences.push({ where, what, detail });
  }
}

// The kind of an object's id from its recorded url: the path before the id, `/u` for a user
// (whose url ends in the login; avatar URLs name the id under /u/), or the path and `#id`
// where the url names the object otherwise (an issue by its number).
function idKind(url: string, id: number): string {
  const path = new URL(url).pathname;
  if (path.startsWith('/users/')) return '/u';
  const prefix = path.replace(/\/[^/]*$/, '');
  return path.endsWith(`/${id}`) ? prefix : `${prefix}#id`;
}

// What depends on the host alone: an avatar's query (the avatar host's version and digest),
// and a noreply address's domain and account id (GitHub's recording kept its real id there).
function hostFree(value: string): string {
  if (value.startsWith(`${GITHUB_HOSTS[2]}/u/`)) return value.replace(/\?.*$/, '');
  return value.replace(/^\d+\+([^@]+)@users\.noreply\.[^@]+$/, 'ID+$1@users.noreply.HOST');
}

// GitHub hands a file's download_url on its raw host; forgelog, with no host of its own for
// raw files, on the web host's /{owner}/{repo}/raw/{ref}/{path}, GitHub's own web form of it.
function rawHostAsWebHost(value: string): string {
  const raw = /^https:\/\/raw\.githubusercontent\.com\/([^/]+)\/([^/]+)\/(.*)$/.exec(value);
  return raw ? `https://github.com/${raw[1]}/${raw[2]}/raw/${raw[3]}` : value;
}
