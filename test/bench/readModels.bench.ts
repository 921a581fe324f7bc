import type { BenchRow } from './benchRow.js';
import { EmbeddedReadModelStore } from '../../infrastructure/shared/readModels/embeddedReadModelStore.js';

const DOCUMENTS = 100_000;
const LOOKUPS = 20_000;

interface User {
  [key: string]: unknown;
  _id: string;
  login_lower: string;
  type: string;
  followers: number;
}

function userAt(n: number): User {
  return { _id: `user-${n}`, login_lower: `login${n}`, type: n % 10 === 0 ? 'Organization' : 'User', followers: n % 997 };
}

// Microseconds per call of `operation`, over `count` calls with pseudo-random arguments.
async function microsecondsPerCall(count: number, operation: (n: number) => unknown): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) await operation((i * 7919) % DOCUMENTS);
  return Number(process.hrtime.bigint() - started) / 1000 / count;
}

function row(name: string, value: number, baselineName: string, baseline: number): BenchRow {
  const rounded = (x: number) => Math.round(x * 100) / 100;
  return { name, value: rounded(value), unit: 'µs/op', baselineName, baseline: rounded(baseline), ratio: rounded(value / baseline) };
}

// The embedded read model store against the plain Map a hand-written projection would use.
export async function benchReadModels(): Promise<BenchRow[]> {
  const store = new EmbeddedReadModelStore();
  const users = store.collection<User>('users');
  await users.createIndexes([{ name: 'login_unique', keys: { login_lower: 1 }, unique: true }]);
  const byLogin = new Map<string, User>();
  for (let n = 0; n < DOCUMENTS; n += 1) {
    await users.insertOne(userAt(n));
    byLogin.set(`login${n}`, userAt(n));
  }

  // Reads hand out the stored (frozen) document, so the baseline copies nothing either.
  const mapGet = await microsecondsPerCall(LOOKUPS, (n) => byLogin.get(`login${n}`));
  const findOne = await microsecondsPerCall(LOOKUPS, (n) => users.findOne({ login_lower: `login${n}` }));
  const mapUpdate = await microsecondsPerCall(LOOKUPS, (n) => {
    const user = byLogin.get(`login${n}`)!;
    byLogin.set(user.login_lower, { ...user, followers: user.followers + 1 });
  });
  const updateOne = await microsecondsPerCall(LOOKUPS, (n) => users.updateOne({ _id: `user-${n}` }, { $inc: { followers: 1 } }));
  const arrayPage = await microsecondsPerCall(20, () =>
    [...byLogin.values()]
      .filter((user) => user.type === 'Organization')
      .sort((a, b) => b.followers - a.followers)
      .slice(0, 30),
  );
  const scanPage = await microsecondsPerCall(20, () => users.find({ type: 'Organization' }, { sort: { followers: -1 }, limit: 30 }));

  await store.close();
  return [
    row('read model findOne by unique index (100k docs)', findOne, 'Map.get', mapGet),
    row('read model updateOne $inc by _id (100k docs)', updateOne, 'Map.get + Map.set copy', mapUpdate),
    row('read model find + sort + limit 30, full scan (100k docs)', scanPage, 'Array filter + sort + slice', arrayPage),
  ];
}
