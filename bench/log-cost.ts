// bench/log-cost: what the request log costs per request, in CPU microseconds, at LOG_LEVEL=info:
// the production logger (redaction, serializers, the asynchronous stream) writing the one line per
// answered request (logger.ts OneLinePerRequest) to /dev/null, beside Fastify's default two lines.
// Compare with bench/api's server CPU ms per request: the log's share is the ratio.
//
//   npx tsx bench/log-cost.ts
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { loggerOptions, OneLinePerRequest } from '../src/server/logger';

const N = 20_000;
const ROUNDS = 6;

async function measure(label: string, controller: LogController) {
  const app = Fastify({
    logger: {
      ...loggerOptions('info'),
      stream: pino.destination({ dest: '/dev/null', sync: false }),
    },
    logController: controller,
  });
  app.get('/api/bills/:id', async () => ({ ok: true }));
  await app.ready();
  // The route's own cost with the log off, then on: the difference is the log's.
  const run = async (level: string) => {
    app.log.level = level;
    for (let i = 0; i < 2000; i++)
      await app.inject('/api/bills/0b7a6f0e-1f7e-4c3f-9d0e-2a4b5c6d7e8f');
    const cpu = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      await app.inject('/api/bills/0b7a6f0e-1f7e-4c3f-9d0e-2a4b5c6d7e8f');
      // Let the log stream write, as a server's event loop does between requests.
      if (i % 100 === 99) await new Promise((r) => setImmediate(r));
    }
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / N;
  };
  // Alternated, the quickest of each kept: the machine's other load only ever adds.
  let off = Infinity;
  let on = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    off = Math.min(off, await run('warn'));
    on = Math.min(on, await run('info'));
  }
  console.log(
    `  ${label.padEnd(44)} ${(on - off).toFixed(1).padStart(5)} µs per request (route with log off ${off.toFixed(1)} µs)`,
  );
  await app.close();
}

console.log(
  `bench/log-cost: ${N.toLocaleString('en-GB')} requests (inject), LOG_LEVEL=info vs warn`,
);
await measure("Fastify's two lines a request", new LogController());
await measure('one line a request (OneLinePerRequest)', new OneLinePerRequest());
