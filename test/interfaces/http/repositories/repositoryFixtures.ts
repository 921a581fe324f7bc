import { expect } from 'chai';
import { basicAuthorization, type TestServer } from '../../../support/testServer.js';

export const PASSWORD = 'a long enough password';

export interface ApiResponse {
  readonly status: number;
  readonly body: any;
  readonly headers: Headers;
}

// One request as a client sends it: JSON in, JSON out, redirects left to the caller.
export async function api(server: TestServer, authorization: string | null, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    redirect: 'manual',
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers };
}

export async function createUser(server: TestServer, login: string): Promise<string> {
  const created = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login, email: `${login}@example.com`, password: PASSWORD });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return basicAuthorization(login, PASSWORD);
}

export async function createRepository(server: TestServer, authorization: string, body: Record<string, unknown>, path = '/user/repos'): Promise<any> {
  const created = await api(server, authorization, 'POST', path, body);
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return created.body;
}

// Invites the user and accepts as the invitee (GitHub grants access only then); a member of
// the owning organization or an existing collaborator is changed at once (204).
export async function addCollaborator(
  server: TestServer,
  ownerAuthorization: string,
  fullName: string,
  login: string,
  permission: string,
  inviteePassword = PASSWORD,
): Promise<void> {
  const added = await api(server, ownerAuthorization, 'PUT', `/repos/${fullName}/collaborators/${login}`, { permission });
  expect(added.status, JSON.stringify(added.body)).to.be.oneOf([201, 204]);
  if (added.status !== 201) return;
  const accepted = await api(server, basicAuthorization(login, inviteePassword), 'PATCH', `/user/repository_invitations/${added.body.id}`);
  expect(accepted.status, JSON.stringify(accepted.body)).to.equal(204);
}
