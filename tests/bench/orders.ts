import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signRequest } from '../../server/integration/verifySignature.ts';
import {
  copyFixture,
  createTestSchema,
  dropTestSchema,
  FIXTURES,
  RUNTIME_DIST,
  TEST_FIELD_KEY,
} from '../server/helpers.ts';
import { PlatformProcess, procCpu } from './platformProcess.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const CSV_ROWS = Math.min(Number(process.env.BENCH_CSV_ROWS ?? 10_000), Math.ceil(EVENTS / 4));
const MANDANT = 'alpha';
const KEY_ID = 'crm';
const SECRET_ENV = 'BENCH_CRM_SECRET';
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
/** Product 101 of the recommend fixtures: 40 € split 50:50, the recipient's part capped at 15 € → 25 € + 15 €. */
const PRODUCT = '101';
const REWARDS_PER_ORDER = 2;
const RUN = randomBytes(3).toString('hex');
const CSV_HEADER =
  'Typ;Empfehlungsnummer;Empfehlungscode;Auftragsnummer;ProduktId;Auftragsdatum;Kanal;Bestandskunde;Grund';

const empfehlungsnummer = (i: number) => String(100_000_000 + i);
const auftragsnummer = (i: number) => `B-${RUN}-${i}`;
/** Yesterday in Berlin: after the recommendation (made two days ago), never in the future. */
const ORDER_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
  new Date(Date.now() - 86_400_000),
);

// ---------------------------------------------------------------------------------------------------------
// Figures

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const s = (millis: number) => `${(millis / 1000).toFixed(1)} s`;
const latencies = (values: readonly number[]) =>
  `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`;

/** A line on stderr at every tenth of a long pass, so a 100,000-event run shows it is alive. */
function progress(label: string, done: number, total: number, since: number): void {
  if (total < 10_000 || done % Math.floor(total / 10) !== 0) return;
  const rate = done / ((performance.now() - since) / 1000);
  process.stderr.write(`  ${label}: ${done}/${total}, ${rate.toFixed(0)}/s so far\n`);
}

/** Every postgres process, with the children the postmaster reaped (closed connections). */
async function postgresCpu(): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const { comm, cpu } = await procCpu(Number(entry), true);
    if (comm === 'postgres') total += cpu;
  }
  return total;
}

const clientCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

interface CpuMark {
  server: number;
  postgres: number;
  client: number;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Answer {
  status: number;
  body: string;
}

/** One signed POST as the client's CRM sends it; rejects on a broken connection (the kill). */
function signedPost(
  platform: PlatformProcess,
  route: string,
  key: string,
  body: string,
  contentType: string,
  timeoutMs: number,
): Promise<Answer> {
  const at = new Date();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: platform.port,
        path: `/api/v1/${MANDANT}/integration/${route}`,
        method: 'POST',
        agent: platform.agent,
        headers: {
          'content-type': contentType,
          'content-length': Buffer.byteLength(body),
          'x-api-key': KEY_ID,
          'idempotency-key': key,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signRequest(SECRET, key, body, at),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Runs task(0..count-1) with `concurrency` in flight until done or `stopped()`. */
async function pool(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
  stopped: () => boolean,
) {
  let next = 0;
  const worker = async () => {
    while (next < count && !stopped()) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

// ---------------------------------------------------------------------------------------------------------
// Setup

/**
 * N recommendations of product 101 with a confirmed recipient each (status Ok), and their first two
 * lifecycle events. Inserted with SQL in a few statements ON PURPOSE: making 100,000 of them through the
 * recommend and recipient API (captcha, consent, …) would take far longer than the benchmark itself.
 * The rows are what those calls leave (tests/support/seedRecommendation.ts, recipientRepository.ts);
 * each recommender has their own e-mail, so the fraud checks find nothing to review.
 */
async function seed(db: pg.Client, count: number): Promise<void> {
  const chunk = 25_000;
  for (let from = 0; from < count; from += chunk) {
    const to = Math.min(count, from + chunk) - 1;
    await db.query(
      `with made as (
         insert into recommendation (mandant_id, empfehlungsnummer, link_hex, empfehler_vorname, empfehler_nachname,
           empfehler_email, produkt_id, produkt_quelle, anteil_empfehler, praemie_cent, status, created_at, link_expires_at)
         select $1, (100000000 + i)::text, md5('bench' || i), 'Anna', 'Beispiel' || i, 'empfehler.' || i || '@example.org',
           $2, 'generisch', 50, 4000, 'Ok', now() - interval '2 days', now() + interval '58 days'
         from generate_series($3::int, $4::int) as i
         returning id, empfehlungsnummer, created_at
       ), confirmed as (
         insert into recipient (mandant_id, recommendation_id, empfaengernummer, vorname, nachname, email, channel,
           confirmed_at, delete_after, created_at)
         select $1, id, (empfehlungsnummer::bigint + 100000000)::text, 'Felix', 'Freund' || empfehlungsnummer,
           'felix.' || empfehlungsnummer || '@example.net', 'email', now() - interval '1 day',
           now() + interval '83 days', now() - interval '1 day'
         from made
         returning recommendation_id
       )
       insert into lifecycle_event (mandant_id, recommendation_id, from_status, to_status, reason, actor, occurred_at)
       select $1, id, null, 'Offen', 'recommendation.created', 'recommender', created_at from made
       union all
       select $1, recommendation_id, 'Offen', 'Ok', 'recipient.confirmed', 'recipient', now() - interval '1 day'
       from confirmed`,
      [MANDANT, PRODUCT, from, to],
    );
  }
  await db.query('analyze recommendation, recipient, lifecycle_event');
}

async function prepareMandants(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const fixture = await copyFixture(path.join(FIXTURES, 'mandants', 'recommend'));
  const file = path.join(fixture.dir, MANDANT, 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(
    file,
    JSON.stringify({
      ...config,
      ModuleAuftragsdatumMindestalterTage: 14,
      MaxEmpfaengerPraemieCent: 1500,
      programme: { integrationKeys: [{ id: KEY_ID, secretEnv: SECRET_ENV }] },
    }),
  );
  return fixture;
}

/** After a kill -9: a COMMIT already sent still lands, everything else is rolled back when PostgreSQL notices. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

async function count(db: pg.Client, query: string, params: unknown[] = []): Promise<number> {
  const result = await db.query<{ n: string }>(query, params);
  return Number(result.rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// Phase A: order.placed over the API

function orderEvent(i: number): string {
  return JSON.stringify({
    Typ: 'order.placed',
    Empfehlungsnummer: empfehlungsnummer(i),
    Auftragsnummer: auftragsnummer(i),
    ProduktId: PRODUCT,
    Auftragsdatum: ORDER_DAY,
    Kanal: 'link',
  });
}

async function mark(platform: PlatformProcess): Promise<CpuMark> {
  return { server: await platform.cpu(), postgres: await postgresCpu(), client: clientCpu() };
}

function cpuLine(label: string, from: CpuMark, to: CpuMark, units: number, wallMs: number): string {
  const per = (value: number) => ((value / units) * 1000).toFixed(2);
  return (
    `${label}: server ${per(to.server - from.server)} s, PostgreSQL ${per(to.postgres - from.postgres)} s, ` +
    `client ${per(to.client - from.client)} s per 1000 (wall ${per(wallMs / 1000)} s on ${availableParallelism()} cores)`
  );
}

async function phaseA(platform: PlatformProcess, db: pg.Client): Promise<boolean> {
  const first: (Answer | undefined)[] = new Array(EVENTS);
  const freshLatency: number[] = [];
  const killAt = Math.floor(EVENTS / 2);
  let answered = 0;
  let lost = 0;
  let killed = false;
  let killMark: CpuMark | undefined;
  const statuses: Record<number, number> = {};

  console.log(
    `A: ${EVENTS} order.placed events over the API, ${CONCURRENCY} in flight; kill -9 after ${killAt} answers`,
  );
  const start1 = await mark(platform);
  const t1 = performance.now();
  let killTime = 0;
  await pool(
    EVENTS,
    CONCURRENCY,
    async (i) => {
      const sent = performance.now();
      let answer: Answer;
      try {
        answer = await signedPost(
          platform,
          'events',
          `bench-${RUN}-order-${i}`,
          orderEvent(i),
          'application/json',
          60_000,
        );
      } catch {
        lost += 1;
        return;
      }
      first[i] = answer;
      freshLatency.push(performance.now() - sent);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      answered += 1;
      progress('A pass 1', answered, EVENTS, t1);
      if (answered === killAt && !killed) {
        killed = true;
        killTime = performance.now() - t1;
        const client = clientCpu();
        await platform.kill9();
        killMark = { server: await platform.cpu(), postgres: await postgresCpu(), client };
      }
    },
    () => killed,
  );
  if (!killMark) {
    killTime = performance.now() - t1;
    killMark = await mark(platform);
  }
  const other = Object.entries(statuses).filter(([status]) => status !== '200');
  console.log(
    `A pass 1 (fresh): ${answered} events answered in ${s(killTime)} — ${(answered / (killTime / 1000)).toFixed(0)} events/s, ${latencies(freshLatency)}` +
      (other.length > 0 ? `; NOT 200: ${JSON.stringify(Object.fromEntries(other))}` : ''),
  );
  console.log(cpuLine('A CPU per 1000 fresh events', start1, killMark, answered, killTime));
  // Requests the kill cut off may have committed without their answer reaching us: the replay must not apply
  // them twice. A moment for PostgreSQL to finish (or abort) what the dead connections left.
  await settle();
  const committed =
    (await count(db, `select count(*) as n from customer_order where mandant_id = $1`, [MANDANT])) - answered;
  const restartMs = await platform.start();
  console.log(
    `A kill -9 with ${lost} requests in flight, ${committed} of them committed without an answer; restart healthy in ${s(restartMs)}`,
  );

  // Pass 2: every event again, same keys and bodies.
  const replayLatency: number[] = [];
  const newLatency: number[] = [];
  let mismatches = 0;
  let non200 = 0;
  let errors = 0;
  const start2 = await mark(platform);
  const t2 = performance.now();
  await pool(
    EVENTS,
    CONCURRENCY,
    async (i) => {
      const sent = performance.now();
      let answer: Answer;
      try {
        answer = await signedPost(
          platform,
          'events',
          `bench-${RUN}-order-${i}`,
          orderEvent(i),
          'application/json',
          60_000,
        );
      } catch {
        errors += 1;
        return;
      }
      const took = performance.now() - sent;
      if (answer.status !== 200) non200 += 1;
      const before = first[i];
      if (before) {
        replayLatency.push(took);
        if (before.status !== answer.status || before.body !== answer.body) mismatches += 1;
      } else newLatency.push(took);
      progress('A pass 2', replayLatency.length + newLatency.length, EVENTS, t2);
    },
    () => false,
  );
  const pass2 = performance.now() - t2;
  const end2 = await mark(platform);
  console.log(
    `A pass 2 (all ${EVENTS} again): ${(EVENTS / (pass2 / 1000)).toFixed(0)} requests/s in ${s(pass2)}; ` +
      `${replayLatency.length} replays ${latencies(replayLatency)}; ${newLatency.length} new ${latencies(newLatency)}`,
  );
  console.log(cpuLine('A CPU per 1000 requests of pass 2', start2, end2, EVENTS, pass2));
  const freshP50 = percentile(freshLatency, 50);
  console.log(
    `A overall: ${EVENTS} events applied in ${s(killTime + pass2)} of sending (restart excluded) — ` +
      `${(EVENTS / ((killTime + pass2) / 1000)).toFixed(0)} events/s; replay p50 / fresh p50 = ${(percentile(replayLatency, 50) / freshP50).toFixed(2)}`,
  );

  // Verification in the database.
  const orders = await count(db, `select count(*) as n from customer_order where mandant_id = $1`, [MANDANT]);
  const distinctOrders = await count(
    db,
    `select count(distinct recommendation_id) as n from customer_order where mandant_id = $1`,
    [MANDANT],
  );
  const attributedOnce = await count(
    db,
    `select count(*) as n from (select recommendation_id from lifecycle_event
       where mandant_id = $1 and reason = 'order.attributed' group by 1 having count(*) = 1) once`,
    [MANDANT],
  );
  const attributedTotal = await count(
    db,
    `select count(*) as n from lifecycle_event where mandant_id = $1 and reason = 'order.attributed'`,
    [MANDANT],
  );
  const rewardsRight = await count(
    db,
    `select count(*) as n from (select r.id from recommendation r
       left join praemierung p on p.recommendation_id = r.id and p.mandant_id = r.mandant_id
       where r.mandant_id = $1 group by r.id
       having count(p.id) = ${REWARDS_PER_ORDER} and count(distinct p.beneficiary) = ${REWARDS_PER_ORDER}) good`,
    [MANDANT],
  );
  const rewardsTotal = await count(db, `select count(*) as n from praemierung where mandant_id = $1`, [
    MANDANT,
  ]);
  const rewardEvents = await count(
    db,
    `select count(*) as n from lifecycle_event where mandant_id = $1 and reason = 'reward.created'`,
    [MANDANT],
  );
  const records = await count(
    db,
    `select count(*) as n from idempotency_record where mandant_id = $1 and key like $2`,
    [MANDANT, `${KEY_ID}:bench-${RUN}-order-%`],
  );
  const mails = await count(db, `select count(*) as n from mail_outbox where mandant_id = $1`, [MANDANT]);
  const mailAddresses = await count(
    db,
    `select count(distinct recipient) as n from mail_outbox where mandant_id = $1`,
    [MANDANT],
  );
  const checks: [string, boolean][] = [
    [
      `orders ${orders}/${EVENTS} (${distinctOrders} recommendations)`,
      orders === EVENTS && distinctOrders === EVENTS,
    ],
    [
      `order.attributed exactly once ${attributedOnce}/${EVENTS} (${attributedTotal} events)`,
      attributedOnce === EVENTS && attributedTotal === EVENTS,
    ],
    [
      `${REWARDS_PER_ORDER} rewards (recommender + recipient) ${rewardsRight}/${EVENTS} (${rewardsTotal} rewards, ${rewardEvents} reward.created)`,
      rewardsRight === EVENTS && rewardsTotal === REWARDS_PER_ORDER * EVENTS && rewardEvents === rewardsTotal,
    ],
    [`idempotency records ${records}/${EVENTS}`, records === EVENTS],
    [`pass 2: ${non200} not 200, ${errors} connection errors`, non200 === 0 && errors === 0],
    [
      `replays with the first answer ${replayLatency.length - mismatches}/${replayLatency.length} (mismatches ${mismatches})`,
      mismatches === 0,
    ],
    // The recommender's "order received" mail, if the notification listener is on: never twice.
    [`mails in the outbox ${mails} to ${mailAddresses} addresses`, mails === mailAddresses],
  ];
  return report('A', checks);
}

// ---------------------------------------------------------------------------------------------------------
// Phase B: contract.concluded through the CSV import

function csvFile(from: number, to: number): string {
  const lines = [CSV_HEADER];
  for (let i = from; i < to; i++) lines.push(`contract.concluded;;;${auftragsnummer(i)};;;;;`);
  return `${lines.join('\n')}\n`;
}

async function phaseB(platform: PlatformProcess, db: pg.Client): Promise<boolean> {
  const files = Array.from({ length: Math.ceil(EVENTS / CSV_ROWS) }, (_, k) => ({
    key: `bench-${RUN}-csv-${k}`,
    rows: Math.min(EVENTS, (k + 1) * CSV_ROWS) - k * CSV_ROWS,
    body: csvFile(k * CSV_ROWS, Math.min(EVENTS, (k + 1) * CSV_ROWS)),
  }));
  const killFile = Math.floor(files.length / 2);
  const concluded = () =>
    count(
      db,
      `select count(*) as n from lifecycle_event where mandant_id = $1 and reason = 'contract.concluded'`,
      [MANDANT],
    );
  console.log(
    `B: ${EVENTS} contract.concluded rows as CSV, ${files.length} files of ≤${CSV_ROWS} rows, one at a time; kill -9 during file ${killFile + 1}`,
  );
  const first: (Answer | undefined)[] = [];
  const freshMs: number[] = [];
  let freshRows = 0;
  const start1 = await mark(platform);
  const t1 = performance.now();
  for (let k = 0; k < killFile; k++) {
    const file = files[k];
    if (!file) continue;
    const sent = performance.now();
    const answer = await signedPost(platform, 'events/import', file.key, file.body, 'text/csv', 600_000);
    freshMs.push(performance.now() - sent);
    first[k] = answer;
    if (answer.status !== 200) console.log(`B file ${k + 1}: ${answer.status} ${answer.body.slice(0, 300)}`);
    freshRows += file.rows;
  }
  const pass1 = performance.now() - t1;
  const end1 = await mark(platform);
  if (freshRows > 0) {
    console.log(
      `B pass 1: ${freshRows} rows in ${killFile} files, ${s(pass1)} — ${(freshRows / (pass1 / 1000)).toFixed(0)} rows/s, per file ${latencies(freshMs)}`,
    );
    console.log(cpuLine('B CPU per 1000 rows', start1, end1, freshRows, pass1));
  }

  // The kill: halfway through the expected time of the middle file.
  const killed = files[killFile];
  if (!killed) throw new Error('no file to kill');
  const before = await concluded();
  const expected = freshMs.length > 0 ? percentile(freshMs, 50) : 2000;
  let arrived = false;
  const inFlight = signedPost(platform, 'events/import', killed.key, killed.body, 'text/csv', 600_000).then(
    (answer) => {
      arrived = true;
      return answer;
    },
    () => undefined,
  );
  await new Promise((resolve) => setTimeout(resolve, expected / 2));
  const arrivedBeforeKill = arrived;
  await platform.kill9();
  const killedAnswer = await inFlight;
  await settle();
  if (killedAnswer && arrivedBeforeKill) first[killFile] = killedAnswer;
  const left = (await concluded()) - before;
  const allOrNone = left === 0 || left === killed.rows;
  console.log(
    `B kill -9 ${s(expected / 2)} into file ${killFile + 1} (${arrivedBeforeKill ? 'its answer had arrived' : 'no answer yet'}): ` +
      `it left ${left} of ${killed.rows} rows — ${allOrNone ? 'all or none' : 'PARTIAL'}`,
  );
  const restartMs = await platform.start();
  console.log(`B restart healthy in ${s(restartMs)}`);

  // Pass 2: every file again with its key.
  const replayMs: number[] = [];
  let mismatches = 0;
  let non200 = 0;
  const t2 = performance.now();
  const start2 = await mark(platform);
  let pass2FreshMs = 0;
  let pass2FreshRows = 0;
  for (const [k, file] of files.entries()) {
    const sent = performance.now();
    const answer = await signedPost(platform, 'events/import', file.key, file.body, 'text/csv', 600_000);
    const took = performance.now() - sent;
    if (answer.status !== 200) {
      non200 += 1;
      console.log(`B file ${k + 1} (pass 2): ${answer.status} ${answer.body.slice(0, 300)}`);
    }
    const earlier = first[k];
    if (earlier) {
      replayMs.push(took);
      if (earlier.status !== answer.status || earlier.body !== answer.body) mismatches += 1;
    } else {
      freshMs.push(took);
      pass2FreshMs += took;
      pass2FreshRows += file.rows;
    }
  }
  const pass2 = performance.now() - t2;
  const end2 = await mark(platform);
  console.log(
    `B pass 2 (all ${files.length} files again, ${s(pass2)}): ${replayMs.length} replays ${latencies(replayMs)}; ` +
      `${files.length - replayMs.length} imports, ${pass2FreshRows} rows — ${(pass2FreshRows / (pass2FreshMs / 1000)).toFixed(0)} rows/s`,
  );
  console.log(cpuLine('B CPU per 1000 rows of pass 2', start2, end2, pass2FreshRows, pass2));
  const freshTotalRows = freshRows + pass2FreshRows;
  const freshTotalMs = pass1 + pass2FreshMs;
  console.log(
    `B overall: ${freshTotalRows} rows imported in ${s(freshTotalMs)} (replays and restart excluded) — ` +
      `${(freshTotalRows / (freshTotalMs / 1000)).toFixed(0)} rows/s; per file (${freshMs.length} imports) ${latencies(freshMs)}`,
  );

  const once = await count(
    db,
    `select count(*) as n from (select o.id from customer_order o
       left join lifecycle_event e on e.order_id = o.id and e.reason = 'contract.concluded'
       where o.mandant_id = $1 group by o.id having count(e.id) = 1) once`,
    [MANDANT],
  );
  const total = await concluded();
  const concludedAt = await count(
    db,
    `select count(*) as n from customer_order where mandant_id = $1 and concluded_at is not null`,
    [MANDANT],
  );
  const records = await count(
    db,
    `select count(*) as n from idempotency_record where mandant_id = $1 and key like $2`,
    [MANDANT, `${KEY_ID}:bench-${RUN}-csv-%`],
  );
  const checks: [string, boolean][] = [
    [`the killed file left all or none (${left} of ${killed.rows})`, allOrNone],
    [
      `contract.concluded exactly once ${once}/${EVENTS} (${total} events)`,
      once === EVENTS && total === EVENTS,
    ],
    [`orders concluded ${concludedAt}/${EVENTS}`, concludedAt === EVENTS],
    [`idempotency records ${records}/${files.length}`, records === files.length],
    [`pass 2: ${non200} files not 200`, non200 === 0],
    [
      `replayed files with the first answer ${replayMs.length - mismatches}/${replayMs.length}`,
      mismatches === 0,
    ],
  ];
  return report('B', checks);
}

function report(phase: string, checks: [string, boolean][]): boolean {
  const ok = checks.every(([, good]) => good);
  console.log(`${phase} verify: ${ok ? 'OK' : 'FAILED'}`);
  for (const [text, good] of checks) console.log(`  ${good ? 'ok  ' : 'FAIL'} ${text}`);
  return ok;
}

// ---------------------------------------------------------------------------------------------------------

const mandants = await prepareMandants();
const port = await freePort();
const schema = await createTestSchema(DATABASE_URL);
const platform = new PlatformProcess(
  port,
  {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL,
    // libpq's variable, read by node-postgres: every pooled connection of the server starts in the schema.
    PGOPTIONS: `-c search_path=${schema}`,
    MANDANTS_DIR: mandants.dir,
    DIST_DIR: RUNTIME_DIST,
    DATA_ENCRYPTION_KEY: TEST_FIELD_KEY,
    [SECRET_ENV]: SECRET,
    DEMO_ACCOUNTS: 'false',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  },
  CONCURRENCY,
);
const db = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
let ok = false;
try {
  await db.connect();
  console.log(
    `orders through the integration API: ${EVENTS} events, PostgreSQL ${DATABASE_URL.replace(/:[^:@/]*@/, ':***@')} schema ${schema}, mandant ${MANDANT}`,
  );
  const startMs = await platform.start();
  const seeded = performance.now();
  await seed(db, EVENTS);
  console.log(
    `setup: server healthy in ${s(startMs)}; ${EVENTS} recommendations with a confirmed recipient inserted by SQL in ${s(performance.now() - seeded)}`,
  );
  const a = await phaseA(platform, db);
  const b = await phaseB(platform, db);
  ok = a && b;
  if (platform.errorLines > 0)
    console.log(`server logged ${platform.errorLines} error lines; last lines:\n${platform.tail()}`);
} finally {
  await platform.stop();
  await db.end().catch(() => undefined);
  await dropTestSchema(DATABASE_URL, schema);
  await mandants.remove();
}
console.log(ok ? 'verification: every event applied exactly once' : 'verification FAILED');
if (!ok) process.exitCode = 1;
