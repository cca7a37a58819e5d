/**
 * npm run bench:click — the click redirect (the hot path, DESIGN "Scale") measured with autocannon against
 * the real server (PGlite in a temporary data directory, a seeded recommendation), side by side with a
 * bare Fastify route that only redirects, and with the same bare redirect registered inside the app. Target: at least 0.8 of the bare route's throughput, and every
 * click recorded: after the server shut down (which writes the buffered clicks), the click rows are
 * counted and compared with the redirects autocannon received. Prints figures, asserts nothing.
 *
 * The servers run on this thread; autocannon runs in a worker thread, so the load generator does not
 * take the servers' event loop. Rounds alternate between the two targets to even out machine noise.
 * BENCH_DATABASE_URL=postgres://… measures against PostgreSQL instead (in a schema of its own, dropped
 * afterwards); with PGlite the click writes share the server's thread, with PostgreSQL they do not.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/buildApp.ts';
import { createDatabase } from '../../server/db/createDatabase.ts';
import type { DatabaseOptions } from '../../server/db/Database.ts';
import { createTestSchema, dropTestSchema } from '../server/helpers.ts';
import { seedRecommendation } from '../support/seedRecommendation.ts';
import { MANDANTS_DIR } from '../support/server.ts';

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '3xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  amount: number;
  workers?: number;
  /** How often autocannon samples — and checks whether it is done; the default 1 s rounds durations up. */
  sampleInt?: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = 50;
const WARMUP_REQUESTS = 2_000;
const ROUND_REQUESTS = Number(process.env.BENCH_CLICK_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_CLICK_ROUNDS ?? 3);

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

interface Round {
  completed: number;
  seconds: number;
  errors: number;
}

async function round(url: string, amount: number): Promise<Round> {
  const result = await autocannon({ url, connections: CONNECTIONS, amount, workers: 1, sampleInt: 100 });
  const redirects = result.statusCodeStats['302']?.count ?? 0;
  return { completed: redirects, seconds: result.duration, errors: result.errors + result.timeouts };
}

const rate = (rounds: Round[]): number =>
  rounds.reduce((sum, r) => sum + r.completed, 0) / rounds.reduce((sum, r) => sum + r.seconds, 0);

const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-click-'));
const database: DatabaseOptions = postgresUrl
  ? { url: postgresUrl, schema: await createTestSchema(postgresUrl) }
  : { dataDir };
const app = buildApp({ mandantsDir: MANDANTS_DIR, database, logger: false });
// A third target: the same bare redirect inside the full app (its hooks, router and headers), which splits
// the gap into what the app costs any route and what the click itself costs.
const IN_APP_PATH = '/bench/redirect/:nr';
app.get<{ Params: { nr: string } }>(IN_APP_PATH, (request, reply) =>
  reply.redirect(
    `/de/empfaenger/${request.params.nr}?channel=email&hex=00112233445566778899aabbccddeeff`,
    302,
  ),
);
const bare = Fastify({ logger: false });
bare.get<{ Params: { nr: string } }>('/empfehlen/click/:nr', (request, reply) =>
  reply.redirect(
    `/de/empfaenger/${request.params.nr}?channel=email&hex=00112233445566778899aabbccddeeff`,
    302,
  ),
);

try {
  const appUrl = await listen(app);
  const bareUrl = await listen(bare);
  const mandant = app.mandants.defaultMandant.id;
  const seeded = await seedRecommendation(app, { mandant });
  const clickUrl = `${appUrl}/empfehlen/click/${seeded.empfehlungsnummer}?channel=email`;
  const bareClickUrl = `${bareUrl}/empfehlen/click/${seeded.empfehlungsnummer}?channel=email`;
  const inAppUrl = `${appUrl}${IN_APP_PATH.replace(':nr', seeded.empfehlungsnummer)}?channel=email`;
  console.log(
    `click redirect vs bare redirect: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_REQUESTS} requests each (mandant ${mandant}, ${app.database.kind})`,
  );

  const warmup = [await round(bareClickUrl, WARMUP_REQUESTS), await round(clickUrl, WARMUP_REQUESTS)];
  const bareRounds: Round[] = [];
  const inAppRounds: Round[] = [];
  const clickRounds: Round[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    bareRounds.push(await round(bareClickUrl, ROUND_REQUESTS));
    inAppRounds.push(await round(inAppUrl, ROUND_REQUESTS));
    clickRounds.push(await round(clickUrl, ROUND_REQUESTS));
  }
  const bareRate = rate(bareRounds);
  const inAppRate = rate(inAppRounds);
  const clickRate = rate(clickRounds);
  console.log(`bare Fastify redirect:        ${bareRate.toFixed(0)} req/s`);
  console.log(`same redirect inside the app: ${inAppRate.toFixed(0)} req/s`);
  console.log(`click redirect:               ${clickRate.toFixed(0)} req/s`);
  console.log(`ratio: ${(clickRate / bareRate).toFixed(2)} (target ≥ 0.80)`);
  console.log(
    `  of which the app's own overhead: ${(inAppRate / bareRate).toFixed(2)}, the click's work: ${(clickRate / inAppRate).toFixed(2)}`,
  );
  const errors = [...warmup, ...bareRounds, ...inAppRounds, ...clickRounds].reduce(
    (sum, r) => sum + r.errors,
    0,
  );
  if (errors > 0) console.log(`connection errors or timeouts: ${errors}`);

  // Every click recorded: shut the server down (its onClose writes the buffer), then count the rows.
  const redirected = (warmup[1]?.completed ?? 0) + clickRounds.reduce((sum, r) => sum + r.completed, 0);
  await app.close();
  const reopened = await createDatabase(database);
  try {
    const row = await reopened.kysely
      .selectFrom('click')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('recommendation_id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    const rows = Number(row.count);
    const verdict = rows === redirected ? 'every click recorded' : `MISMATCH (${rows - redirected})`;
    console.log(`clicks: ${redirected} redirects received, ${rows} click rows after shutdown — ${verdict}`);
  } finally {
    await reopened.close();
  }
} finally {
  await bare.close();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  if (postgresUrl && database.schema) await dropTestSchema(postgresUrl, database.schema);
}
