import { expect } from 'chai';
import { basicAuthorization, type TestServer } from '../../../support/testServer.js';

export const PASSWORD = 'a long enough password';

export interface JsonResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

// One HTTP call with a JSON body (when given) as `login` (Basic, PASSWORD; 'admin' uses the
// site administrator's credentials; null is anonymous).
export async function call(server: TestServer, method: string, path: string, login: string | null, body?: unknown): Promise<JsonResponse> {
  const headers: Record<string, string> = { 'user-agent': 'organizations-spec/1.0' };
  if (login === 'admin') headers.authorization = server.adminAuthorization;
  else if (login !== null) headers.authorization = basicAuthorization(login, PASSWORD);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

export async function createUsers(server: TestServer, logins: readonly string[]): Promise<void> {
  for (const login of logins) {
    const created = await call(server, 'POST', '/admin/users', 'admin', { login, email: `${login}@example.com`, password: PASSWORD });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
  }
}

export async function createOrganization(server: TestServer, login: string, admin: string, profileName?: string): Promise<JsonResponse> {
  const created = await call(server, 'POST', '/admin/organizations', 'admin', { login, admin, ...(profileName ? { profile_name: profileName } : {}) });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return created;
}

export function nextLink(headers: Headers): string | null {
  const link = headers.get('link');
  return link ? (/<([^>]+)>; rel="next"/.exec(link)?.[1] ?? null) : null;
}
