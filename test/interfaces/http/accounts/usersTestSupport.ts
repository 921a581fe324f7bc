import { expect } from 'chai';
import { basicAuthorization, type TestServer } from '../../../support/testServer.js';

export const USER_PASSWORD = 'a long password';

export interface Call {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any; // parsed JSON under test
}

// One HTTP call with a JSON body (or none); the parsed body, or null for an empty one.
export async function call(
  server: TestServer,
  method: string,
  path: string,
  authorization: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Call> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

// Creates a user who can log in with USER_PASSWORD; returns its id.
export async function createUser(server: TestServer, login: string, password = USER_PASSWORD): Promise<number> {
  const created = await call(server, 'POST', '/admin/users', server.adminAuthorization, { login, email: `${login.toLowerCase()}@example.com`, password });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return created.body.id as number;
}

export const asUser = (login: string, password = USER_PASSWORD) => basicAuthorization(login, password);
