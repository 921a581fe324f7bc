import { expect } from 'chai';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../../../infrastructure/shared/config/config.js';

describe('configuration', () => {
  it('has defaults that serve the embedded family under ./data (made absolute) on port 3000', () => {
    const config = loadConfig({});
    expect(config).to.deep.include({
      port: 3000,
      dataDir: resolve('./data'),
      adminLogin: 'admin',
      adminPassword: undefined,
      baseUrl: undefined,
      eventStoreUrl: undefined,
      mongodbUrl: undefined,
      meilisearchUrl: undefined,
    });
    expect(config.rateLimits).to.deep.equal({
      enabled: true,
      coreAuthenticated: 5000,
      coreAnonymous: 60,
      searchAuthenticated: 30,
      searchAnonymous: 10,
      codeSearchAuthenticated: 10,
      codeSearchAnonymous: 10,
    });
  });

  it('reads the distributed family and rate-limit settings', () => {
    const config = loadConfig({
      FORGELOG_EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      FORGELOG_MONGODB_URL: 'mongodb://localhost:27017',
      FORGELOG_MEILISEARCH_URL: 'http://localhost:7700',
      FORGELOG_RATE_LIMITS: 'off',
      FORGELOG_BASE_URL: 'https://git.example.com/api/v3/',
      FORGELOG_TOTP_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config.eventStoreUrl).to.equal('esdb://localhost:2113?tls=false');
    expect(config.rateLimits.enabled).to.equal(false);
    expect(config.baseUrl).to.equal('https://git.example.com/api/v3');
  });

  it('lists every problem in words a person understands', () => {
    try {
      loadConfig({
        FORGELOG_PORT: '70000',
        FORGELOG_ADMIN_LOGIN: '-root',
        FORGELOG_ADMIN_PASSWORD: 'short',
        FORGELOG_MONGODB_URL: 'postgres://x',
        FORGELOG_RATE_LIMITS: 'maybe',
      });
      expect.fail('expected a ConfigError');
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      expect((error as ConfigError).problems).to.deep.equal([
        'FORGELOG_PORT must be a whole number from 0 to 65535, got "70000"',
        'FORGELOG_ADMIN_LOGIN "-root" is not a valid GitHub login (letters, digits, single hyphens, at most 39)',
        'FORGELOG_ADMIN_PASSWORD must be at least 8 characters',
        'FORGELOG_RATE_LIMITS must be "on" or "off", got "maybe"',
        'FORGELOG_MONGODB_URL must start with mongodb: or mongodb+srv:, got "postgres://x"',
      ]);
    }
  });

  it('checks the two-factor key at start: 32 bytes in base64, and required with the distributed family', () => {
    expect(loadConfig({ FORGELOG_TOTP_KEY: Buffer.alloc(32, 1).toString('base64') }).totpKey).to.equal(Buffer.alloc(32, 1).toString('base64'));
    const problemsOf = (env: Record<string, string>): readonly string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problemsOf({ FORGELOG_TOTP_KEY: 'c2hvcnQ=' })).to.deep.equal([
      'FORGELOG_TOTP_KEY must be 32 random bytes in base64 (44 characters, such as the output of "openssl rand -base64 32"), got 8 characters decoding to 5 bytes',
    ]);
    expect(problemsOf({ FORGELOG_EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' })).to.deep.equal([
      'FORGELOG_TOTP_KEY (base64 of 32 random bytes, the same for every process) must be set when FORGELOG_EVENTSTORE_URL is',
    ]);
  });

  it('checks the feed token, archive link and raw link keys at start: at least 32 bytes in base64', () => {
    for (const name of ['FORGELOG_FEED_TOKEN_KEY', 'FORGELOG_ARCHIVE_LINK_KEY', 'FORGELOG_RAW_LINK_KEY']) {
      expect(() => loadConfig({ [name]: Buffer.alloc(32, 1).toString('base64') })).to.not.throw();
      try {
        loadConfig({ [name]: '!!!!' });
        expect.fail(`${name} "!!!!" was taken`);
      } catch (error) {
        expect((error as ConfigError).problems).to.deep.equal([
          `${name} must be at least 32 random bytes in base64 (such as the output of "openssl rand -base64 32"), got 4 characters decoding to 0 bytes`,
        ]);
      }
    }
  });

  it('refuses a data directory that is a file, naming the setting', () => {
    const file = fileURLToPath(import.meta.url);
    expect(() => loadConfig({ FORGELOG_DATA_DIR: file })).to.throw(ConfigError, `FORGELOG_DATA_DIR ${file} is a file, not a directory`);
    expect(loadConfig({ FORGELOG_DATA_DIR: '/nonexistent/yet' }).dataDir).to.equal('/nonexistent/yet');
  });

  it('refuses a data directory under a file, naming the setting and the file (stat said ENOTDIR and nothing else)', () => {
    const file = fileURLToPath(import.meta.url);
    const under = `${file}/data/events`;
    expect(() => loadConfig({ FORGELOG_DATA_DIR: under })).to.throw(ConfigError, `FORGELOG_DATA_DIR ${under} lies under ${file}, a file, not a directory`);
  });
});
