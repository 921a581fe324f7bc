import { expect } from 'chai';
import type { TestServer } from '../../../support/testServer.js';
import { api, createRepository } from '../repositories/repositoryFixtures.js';

export const WYANDOTTE = 'application/vnd.github.wyandotte-preview+json';
const INERTIA = 'application/vnd.github.inertia-preview+json';

// A request with a preview media type.
export async function withPreview(server: TestServer, authorization: string | null, method: string, path: string, accept: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      accept,
      ...(authorization ? { authorization } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : (JSON.parse(text) as any) };
}

// A repository with what an archive holds: commits on two branches, labels, a milestone, issues
// with comments (one closed), a pull request, a project with a column and cards.
export async function populateRepository(server: TestServer, owner: string, fullName: string, createPath: string): Promise<{ issues: number; pulls: number }> {
  const name = fullName.split('/')[1]!;
  await createRepository(server, owner, { name, auto_init: true }, createPath);
  const main = await api(server, owner, 'GET', `/repos/${fullName}/git/ref/heads/main`);
  expect(main.status, JSON.stringify(main.body)).to.equal(200);
  expect((await api(server, owner, 'POST', `/repos/${fullName}/git/refs`, { ref: 'refs/heads/feature', sha: main.body.object.sha })).status).to.equal(201);
  const file = await api(server, owner, 'PUT', `/repos/${fullName}/contents/feature.txt`, {
    message: 'Add the feature',
    content: Buffer.from('a feature\n').toString('base64'),
    branch: 'feature',
  });
  expect(file.status, JSON.stringify(file.body)).to.equal(201);
  expect((await api(server, owner, 'POST', `/repos/${fullName}/labels`, { name: 'migrate-me', color: '123456' })).status).to.equal(201);
  const milestone = await api(server, owner, 'POST', `/repos/${fullName}/milestones`, { title: 'v1', description: 'first' });
  expect(milestone.status).to.equal(201);
  const first = await api(server, owner, 'POST', `/repos/${fullName}/issues`, {
    title: 'First issue',
    body: 'body one',
    labels: ['migrate-me'],
    milestone: milestone.body.number,
  });
  expect(first.status).to.equal(201);
  await api(server, owner, 'POST', `/repos/${fullName}/issues/${first.body.number}/comments`, { body: 'a first comment' });
  await api(server, owner, 'POST', `/repos/${fullName}/issues/${first.body.number}/comments`, { body: 'a second comment' });
  const second = await api(server, owner, 'POST', `/repos/${fullName}/issues`, { title: 'Closed issue' });
  await api(server, owner, 'PATCH', `/repos/${fullName}/issues/${second.body.number}`, { state: 'closed' });
  const pull = await api(server, owner, 'POST', `/repos/${fullName}/pulls`, { title: 'The feature', head: 'feature', base: 'main', body: 'please merge' });
  expect(pull.status, JSON.stringify(pull.body)).to.equal(201);
  const project = await withPreview(server, owner, 'POST', `/repos/${fullName}/projects`, INERTIA, { name: 'Plan', body: 'the plan' });
  expect(project.status, JSON.stringify(project.body)).to.equal(201);
  const column = await withPreview(server, owner, 'POST', `/projects/${project.body.id}/columns`, INERTIA, { name: 'To do' });
  await withPreview(server, owner, 'POST', `/projects/columns/${column.body.id}/cards`, INERTIA, { note: 'a note' });
  await withPreview(server, owner, 'POST', `/projects/columns/${column.body.id}/cards`, INERTIA, { content_id: first.body.id, content_type: 'Issue' });
  return { issues: 2, pulls: 1 };
}
