import { Octokit } from '@octokit/rest';
import type { TestServer } from './testServer.js';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

// Octokit 20 has no Basic auth strategy of its own; a request hook adds the header.
export function basicOctokit(server: TestServer, login: string, password: string, headers: Record<string, string> = {}): Octokit {
  const octokit = new Octokit({ baseUrl: server.url, log: quiet });
  octokit.hook.before('request', (options) => {
    options.headers.authorization = `basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
    Object.assign(options.headers, headers);
  });
  return octokit;
}

export function anonymousOctokit(server: TestServer): Octokit {
  return new Octokit({ baseUrl: server.url, log: quiet });
}
