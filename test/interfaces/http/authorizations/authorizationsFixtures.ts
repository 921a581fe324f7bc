import { createRequire } from 'node:module';
import { expect } from 'chai';
import type { TestServer } from '../../../support/testServer.js';
import { api } from '../repositories/repositoryFixtures.js';

// @octokit/rest 16.43.2, the last with oauthAuthorizations.*, is CommonJS.
const require = createRequire(import.meta.url);
const Octokit16 = require('octokit-rest-16') as new (options: Record<string, unknown>) => Octokit16Client;

export interface Octokit16Client {
  oauthAuthorizations: Record<string, (params?: Record<string, unknown>) => Promise<{ status: number; data: any; headers: Record<string, string> }>>;
}

export function octokit16(server: TestServer, login: string, password: string, otp?: string): Octokit16Client {
  return new Octokit16({
    baseUrl: server.url,
    auth: { username: login, password, ...(otp ? { on2fa: async () => otp } : {}) },
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
}

export async function registerApplication(server: TestServer): Promise<{ clientId: string; clientSecret: string; name: string }> {
  const registered = await api(server, server.adminAuthorization, 'POST', '/admin/oauth-applications', {
    name: 'Octo CI',
    url: 'https://ci.example.com',
    callback_url: 'https://ci.example.com/cb',
  });
  expect(registered.status).to.equal(201);
  return { clientId: registered.body.client_id, clientSecret: registered.body.client_secret, name: 'Octo CI' };
}

export const tokenHeader = (token: string) => `token ${token}`;
