import type { TestServer } from '../../../support/testServer.js';

export const INERTIA = 'application/vnd.github.inertia-preview+json';

export interface ProjectAnswer {
  readonly status: number;
  // Each spec reads the GitHub shape it asked for.
  readonly body: any;
  readonly headers: Headers;
}

// A request to the classic projects API: the inertia preview (unless `headers` says otherwise),
// JSON in and out, an empty body read as null.
export async function projectCall(
  server: TestServer,
  authorization: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ProjectAnswer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      accept: INERTIA,
      ...(authorization ? { authorization } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers };
}
