import { pino } from 'pino';
import { CreateUserHandler } from '../../../application/accounts/createUser.handler.js';
import { systemContext } from '../../../application/shared/commandContext.js';
import { loadConfig } from '../../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../../infrastructure/shared/container/runtime.js';

// Child process of the runtime crash spec: the whole runtime (event log, projections, read
// models) creating users from four concurrent callers, printing each login once its command
// has been answered, until the parent kills it with SIGKILL.
const [dataDir, prefix] = process.argv.slice(2);
const runtime = await openRuntime(loadConfig({ FORGELOG_DATA_DIR: dataDir! }), { role: 'serve', logger: pino({ level: 'silent' }) });
await runtime.start();
const createUser = runtime.container.get(CreateUserHandler);
let next = 0;
const caller = async () => {
  for (;;) {
    const login = `${prefix}-${next++}`;
    const result = await createUser.execute({ login, email: `${login}@example.com` }, systemContext(new Date()));
    if (result._tag === 'Left') throw new Error(`create ${login} failed: ${JSON.stringify(result.left)}`);
    process.stdout.write(`ack ${login} ${result.right.userId}\n`);
  }
};
process.stdout.write('ready\n');
await Promise.all([caller(), caller(), caller(), caller()]);
