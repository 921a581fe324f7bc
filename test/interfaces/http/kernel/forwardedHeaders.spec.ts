import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

async function userThrough(server: TestServer, headers: Record<string, string>) {
  const response = await fetch(`${server.url}/users/admin`, { headers });
  return (await response.json()) as { avatar_url: string; url: string };
}

describe('X-Forwarded-* headers are believed only from named proxies', () => {
  it('by default none: a client cannot choose the scheme or address URLs are built from', async () => {
    const server = await startTestServer();
    try {
      const user = await userThrough(server, { 'x-forwarded-proto': 'javascript', 'x-forwarded-for': '203.0.113.9' });
      expect(user.avatar_url.startsWith(`${server.url}/`)).to.equal(true);
      expect((await userThrough(server, { 'x-forwarded-proto': 'https' })).url.startsWith('http://')).to.equal(true);
      // The audit records the socket's address, not the claimed one.
      const created = await fetch(`${server.url}/admin/users`, {
        method: 'POST',
        headers: { authorization: server.adminAuthorization, 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ login: 'claimer', email: 'c@example.com' }),
      });
      const id = ((await created.json()) as { id: number }).id;
      const [event] = await server.runtime.adapters.eventStore.readStream(`user-${id}`);
      expect(event!.metadata.ip).to.equal('127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('from a named proxy, https and the client address are believed; a scheme other than http or https never', async () => {
    const server = await startTestServer({ FORGELOG_TRUSTED_PROXIES: '127.0.0.1' });
    try {
      expect((await userThrough(server, { 'x-forwarded-proto': 'https' })).url.startsWith('https://')).to.equal(true);
      expect((await userThrough(server, { 'x-forwarded-proto': 'javascript' })).url.startsWith('http://')).to.equal(true);
      const created = await fetch(`${server.url}/admin/users`, {
        method: 'POST',
        headers: { authorization: server.adminAuthorization, 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ login: 'proxied', email: 'p@example.com' }),
      });
      const id = ((await created.json()) as { id: number }).id;
      const [event] = await server.runtime.adapters.eventStore.readStream(`user-${id}`);
      expect(event!.metadata.ip).to.equal('203.0.113.9');
    } finally {
      await server.close();
    }
  });
});
