import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { load } from 'js-yaml';
import { loadConfig } from '../../../infrastructure/shared/config/config.js';

// No container engine exists on the build machines, so the deployment files are checked for
// what can be checked here: the compose file parses, each forgelog service's settings pass
// forgelog's own configuration check, and the Dockerfile copies what exists and runs what the
// build produces.
const root = new URL('../../../../', import.meta.url);
const deploy = new URL('infrastructure/deploy/', root);

interface ComposeService {
  readonly image?: string;
  readonly build?: { readonly context: string; readonly dockerfile: string };
  readonly command?: readonly string[];
  readonly environment?: Record<string, string>;
  readonly depends_on?: unknown;
}

describe('deployment files (infrastructure/deploy)', () => {
  const compose = load(readFileSync(new URL('compose.yaml', deploy), 'utf8')) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };

  it('compose.yaml has the distributed family: EventStoreDB, MongoDB, Meilisearch, two API processes and a worker', () => {
    expect(Object.keys(compose.services).sort()).to.deep.equal(['api-1', 'api-2', 'eventstore', 'meilisearch', 'mongodb', 'worker']);
    expect(compose.services['eventstore']!.image).to.match(/^eventstore\/eventstore:/);
    expect(compose.services['mongodb']!.image).to.match(/^mongo:/);
    expect(compose.services['meilisearch']!.image).to.match(/^getmeili\/meilisearch:/);
    expect(compose.services['api-1']!.command).to.deep.equal(['serve']);
    expect(compose.services['api-2']!.command).to.deep.equal(['serve']);
    expect(compose.services['worker']!.command).to.deep.equal(['worker']);
  });

  it("every forgelog service's settings pass forgelog's configuration check and select the distributed adapters", () => {
    for (const name of ['api-1', 'api-2', 'worker']) {
      const service = compose.services[name]!;
      expect(service.build?.dockerfile).to.equal('infrastructure/deploy/Dockerfile');
      // compose substitutes ${NAME:?message} from the caller's environment
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [
          key,
          value.replace(/^\$\{FORGELOG_TOTP_KEY:\?[^}]*\}$/, Buffer.alloc(32, 3).toString('base64')),
        ]),
      );
      const config = loadConfig(environment);
      expect(config.eventStoreUrl, name).to.match(/^esdb:\/\/eventstore:2113/);
      expect(config.mongodbUrl, name).to.match(/^mongodb:\/\/mongodb:27017/);
      expect(config.meilisearchUrl, name).to.equal('http://meilisearch:7700');
      for (const key of Object.keys(service.environment ?? {})) expect(key, name).to.match(/^FORGELOG_[A-Z_]+$/);
    }
  });

  it('the Dockerfile copies only what the repository has and starts the entry point the build produces, as the signal-receiving process', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', deploy), 'utf8');
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => match[1]!.split(' '));
    expect(copied).to.include.members(['package.json', 'package-lock.json', 'domain', 'interfaces']);
    for (const path of copied) expect(existsSync(new URL(path, root)), path).to.equal(true);
    expect(dockerfile).to.contain('ENTRYPOINT ["node", "dist/interfaces/cli/main.js"]');
    expect(existsSync(new URL('dist/interfaces/cli/main.js', root))).to.equal(true);
    const buildScript = readFileSync(new URL('build.sh', deploy), 'utf8');
    for (const step of ['npm ci --no-audit --no-fund', 'npx tsc -p .', 'npm prune --omit=dev']) {
      expect(dockerfile, step).to.contain(step);
      expect(buildScript, step).to.contain(step);
    }
  });
});
