import type { BenchRow } from './benchRow.js';
import { benchEventStore } from './eventStore.bench.js';
import { benchHttp } from './http.bench.js';
import { benchReadModels } from './readModels.bench.js';
import { benchReadYourWrites } from './readYourWrites.bench.js';
import { benchScale } from './scale.bench.js';
import { benchGitData } from './gitData.bench.js';
import { benchActivityPolling } from './activityPolling.bench.js';
import { benchActivityFanOut } from './activityFanOut.bench.js';
import { benchWebhooks } from './webhooks.bench.js';
import { benchImports } from './imports.bench.js';
import { benchMigrations } from './migrations.bench.js';
import { benchSearch } from './search.bench.js';

// `npm run bench`: every figure beside a baseline measured in the same run, as a ratio.
function format(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

function printRows(rows: readonly BenchRow[]): void {
  const lines = rows.map((row) => [
    row.name,
    `${format(row.value)} ${row.unit}`,
    `${format(row.baseline)} ${row.unit} (${row.baselineName})`,
    row.ratio.toFixed(2),
    row.target === undefined ? '' : `>= ${row.target} ${row.ratio >= row.target ? 'met' : 'MISSED'}`,
  ]);
  const header = ['measure', 'forgelog', 'baseline', 'ratio', 'target'];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  for (const line of [header, ...lines]) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

const suites: Record<string, () => Promise<BenchRow[]>> = {
  'event store': benchEventStore,
  'read models': benchReadModels,
  'read-your-writes': benchReadYourWrites,
  http: () => benchHttp(),
  'git data': benchGitData,
  scale: benchScale,
  activity: async () => [...(await benchActivityPolling()), ...(await benchActivityFanOut())],
  webhooks: () => benchWebhooks(),
  imports: () => benchImports(),
  migrations: () => benchMigrations(),
  search: () => benchSearch(),
};
const only = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const [name, run] of Object.entries(suites)) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.error(`running ${name} benchmarks...`);
  rows.push(...(await run()));
}
printRows(rows);
