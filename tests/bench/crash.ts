import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { CLICK_FLUSH_INTERVAL_MS } from '../../server/clicks/clicksPlugin.ts';
import {
  copyFixture,
  createTestSchema,
  dropTestSchema,
  FIXTURES,
  RUNTIME_DIST,
  TEST_FIELD_KEY,
} from '../server/helpers.ts';
import { PlatformProcess } from './platformProcess.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const USERS = Number(process.env.BENCH_CRASH_USERS ?? 16);
const SECONDS = Number(process.env.BENCH_CRASH_SECONDS ?? 20);
const CLICKS_PER_RECOMMENDATION = Number(process.env.BENCH_CRASH_CLICKS ?? 10);
/** Loops that do nothing but click the recommendations made so far, as a shared link does. */
const CLICK_LOOPS = Number(process.env.BENCH_CRASH_CLICK_LOOPS ?? 8);
const MANDANT = 'alpha';
const HOST = `${MANDANT}.localhost`;
const IBAN = 'DE02120300000000202051';
const AGB_TEXT = 'Ich stimme den Teilnahmebedingungen und dem Datenschutzhinweis zu. (bench:crash)';
const RUN = randomBytes(3).toString('hex');

interface Answer {
  status: number;
  body: string;
}

function request(
  platform: PlatformProcess,
  method: string,
  route: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs = 30_000,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: platform.port,
        path: route,
        method,
        agent: platform.agent,
        headers: {
          host: HOST,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
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
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The recommend fixtures, alpha storing the recipients' bank data for the payout. */
async function prepareMandants(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const fixture = await copyFixture(path.join(FIXTURES, 'mandants', 'recommend'));
  const file = path.join(fixture.dir, MANDANT, 'mandant.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...config, ModuleStoringBankdata: true }));
  return fixture;
}

// ---------------------------------------------------------------------------------------------------------
// The load

/** What the server acknowledged before it died. */
const acked = {
  recommendations: [] as string[],
  recipients: [] as string[],
  consents: [] as string[],
  bankData: [] as string[],
  clicks: [] as Array<{ nr: string; number: string; at: number }>,
};
const refused = new Map<string, number>();
let failed = 0;

function note(what: string, answer: Answer, expected: number): boolean {
  if (answer.status === expected) return true;
  const key = `${what} ${answer.status}`;
  refused.set(key, (refused.get(key) ?? 0) + 1);
  return false;
}

let clickCounter = 0;
let userCounter = 0;

let addressCounter = 0;
/** A client address of its own per round (TRUST_PROXY): the per-client limits see many people. */
function nextAddress(): { 'x-forwarded-for': string } {
  const n = ++addressCounter;
  return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/** A challenge fetched and solved as the recommend form's widget does (tests/server/recommendHelpers.ts). */
async function captcha(platform: PlatformProcess, forwarded: Record<string, string>): Promise<string> {
  const answer = await request(platform, 'GET', `/api/v1/${MANDANT}/captcha/challenge`, undefined, forwarded);
  if (answer.status !== 200) throw new Error(`challenge: ${answer.status}`);
  const challenge = JSON.parse(answer.body);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function flow(platform: PlatformProcess, stopped: () => boolean): Promise<void> {
  const user = ++userCounter;
  let round = 0;
  while (!stopped()) {
    round += 1;
    const forwarded = nextAddress();
    try {
      const created = await request(
        platform,
        'POST',
        `/api/v1/${MANDANT}/Empfehlen/create`,
        {
          Empfehlung: { Produkt: 101, AgbAkzeptiert: true },
          Empfehler: {
            Vorname: 'Erika',
            Nachname: 'Muster',
            Email: `erika.${RUN}.${user}.${round}@example.org`,
          },
          Captcha: await captcha(platform, forwarded),
        },
        forwarded,
      );
      if (!note('recommendation', created, 201)) continue;
      const nr = (JSON.parse(created.body) as { Empfehlungsnummer: string }).Empfehlungsnummer;
      acked.recommendations.push(nr);
      // The friends' clicks arrive together (BENCH_CRASH_CLICKS, each with a number of its own).
      await Promise.all(
        Array.from({ length: CLICKS_PER_RECOMMENDATION }, async () => {
          const number = String(7_000_000_000 + ++clickCounter);
          const answer = await request(
            platform,
            'GET',
            `/empfehlen/click/${nr}?channel=email&empfaengernummer=${number}`,
            undefined,
            forwarded,
          );
          if (note('click', answer, 302)) acked.clicks.push({ nr, number, at: performance.now() });
        }),
      );
      const recipient = await request(
        platform,
        'POST',
        `/api/v1/${MANDANT}/empfaenger/create/${nr}`,
        {
          Vorname: 'Felix',
          Nachname: 'Freund',
          Email: `felix.${RUN}.${user}.${round}@example.net`,
          AgbAkzeptiert: true,
        },
        forwarded,
      );
      if (!note('recipient', recipient, 201)) continue;
      const { Empfaengernummer, Token } = JSON.parse(recipient.body) as {
        Empfaengernummer: string;
        Token: string;
      };
      acked.recipients.push(Empfaengernummer);
      const recipientAuth = { 'x-authorization': `Bearer ${Token}`, ...forwarded };
      const consent = await request(
        platform,
        'PUT',
        `/api/v1/${MANDANT}/empfaenger/zustimmung`,
        { AgbText: AGB_TEXT },
        recipientAuth,
      );
      if (!note('consent', consent, 200)) continue;
      acked.consents.push(Empfaengernummer);
      const bank = await request(
        platform,
        'POST',
        `/api/v1/${MANDANT}/empfaenger/bankdaten`,
        { IBAN, Kontoinhaber: 'Felix Freund' },
        recipientAuth,
      );
      if (note('bank data', bank, 204)) acked.bankData.push(Empfaengernummer);
    } catch {
      // The kill: a request without an answer was never acknowledged.
      failed += 1;
      if (stopped()) return;
    }
  }
}

async function clickLoop(platform: PlatformProcess, stopped: () => boolean): Promise<void> {
  while (!stopped()) {
    const nr = acked.recommendations[Math.floor(Math.random() * acked.recommendations.length)];
    if (!nr) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const number = String(7_000_000_000 + ++clickCounter);
    try {
      const answer = await request(
        platform,
        'GET',
        `/empfehlen/click/${nr}?channel=whatsapp&empfaengernummer=${number}`,
        undefined,
        nextAddress(),
      );
      if (note('click', answer, 302)) acked.clicks.push({ nr, number, at: performance.now() });
    } catch {
      failed += 1;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The run

async function count(db: pg.Client, query: string, values: string[]): Promise<number> {
  const result = await db.query<{ n: string }>(query, [values]);
  return Number(result.rows[0]?.n ?? 0);
}

const schema = await createTestSchema(DATABASE_URL);
const mandants = await prepareMandants();
const port = await freePort();
const platform = new PlatformProcess(
  port,
  {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL,
    // libpq's variable, read by node-postgres: every pooled connection of the server starts in the schema.
    PGOPTIONS: `-c search_path=${schema}`,
    DATA_ENCRYPTION_KEY: TEST_FIELD_KEY,
    MANDANTS_DIR: mandants.dir,
    DIST_DIR: RUNTIME_DIST,
    DEMO_ACCOUNTS: 'false',
    DEMO_SHOP: 'false',
    OIDC_LOCAL_PORT: '0',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  },
  USERS * 2,
);
const db = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
let ok = false;
try {
  const firstStart = await platform.start();
  await db.connect();
  console.log(
    `bench:crash — PostgreSQL ${DATABASE_URL.replace(/:[^:@/]*@/, ':***@')} schema ${schema}; ${USERS} loops and ${CLICK_LOOPS} click loops for ${SECONDS} s, then kill -9 (start ${(firstStart / 1000).toFixed(1)} s)`,
  );
  let stopped = false;
  const loops = [
    ...Array.from({ length: USERS }, () => flow(platform, () => stopped)),
    ...Array.from({ length: CLICK_LOOPS }, () => clickLoop(platform, () => stopped)),
  ];
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const killedAt = performance.now();
  await platform.kill9();
  stopped = true;
  await Promise.all(loops);
  // A COMMIT PostgreSQL already received still lands; give it a moment to notice the dead connections.
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const restart = await platform.start().then(
    (ms) => ms,
    (error: unknown) => {
      console.log(
        `the server did not start again: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    },
  );
  const health =
    restart === undefined ? undefined : await request(platform, 'GET', '/api/health', undefined, {});

  const found = {
    recommendations: await count(
      db,
      'select count(*) as n from recommendation where empfehlungsnummer = any($1)',
      acked.recommendations,
    ),
    recipients: await count(
      db,
      'select count(*) as n from recipient where empfaengernummer = any($1)',
      acked.recipients,
    ),
    consents: await count(
      db,
      `select count(*) as n from recipient r where r.empfaengernummer = any($1) and r.confirmed_at is not null
         and exists (select 1 from recipient_consent c where c.recipient_id = r.id)`,
      acked.consents,
    ),
    bankData: await count(
      db,
      'select count(*) as n from recipient where empfaengernummer = any($1) and iban_encrypted is not null',
      acked.bankData,
    ),
    clicks: await count(
      db,
      'select count(distinct empfaengernummer) as n from click where empfaengernummer = any($1)',
      acked.clicks.map((click) => click.number),
    ),
  };
  const duplicateClicks = await count(
    db,
    `select count(*) - count(distinct empfaengernummer) as n from click where empfaengernummer = any($1)`,
    acked.clicks.map((click) => click.number),
  );
  const window = 2 * CLICK_FLUSH_INTERVAL_MS;
  const clickBound = acked.clicks.filter((click) => click.at > killedAt - window).length;
  const lost = (what: keyof typeof found) => acked[what].length - found[what];

  const rows: Array<[string, number, number, string]> = [
    ['recommendations', acked.recommendations.length, lost('recommendations'), 'must be 0'],
    ['recipient data', acked.recipients.length, lost('recipients'), 'must be 0'],
    ['consents', acked.consents.length, lost('consents'), 'must be 0'],
    ['payout bank data', acked.bankData.length, lost('bankData'), 'must be 0'],
    [
      'clicks',
      acked.clicks.length,
      lost('clicks'),
      `at most ${clickBound} (acknowledged in the last ${window} ms = 2 × CLICK_FLUSH_INTERVAL_MS before the kill)`,
    ],
  ];
  console.log('\n  acknowledged before the kill, then lost after the restart:');
  for (const [what, sent, gone, goal] of rows) {
    const share = sent === 0 ? '' : ` (${((gone / sent) * 100).toFixed(2)} %)`;
    console.log(
      `    ${what.padEnd(18)} ${String(sent).padStart(7)} acknowledged, ${gone} lost${share}; ${goal}`,
    );
  }
  console.log(`    clicks written twice: ${duplicateClicks}`);
  console.log(`  requests cut off by the kill: ${failed}`);
  if (refused.size > 0)
    console.log(`  refused answers: ${[...refused].map(([key, n]) => `${key} ×${n}`).join(', ')}`);
  console.log(
    restart === undefined
      ? '  restart: FAILED'
      : `  restart on the same data: healthy after ${(restart / 1000).toFixed(1)} s (health ${health?.status})`,
  );

  const checks: Array<[string, boolean]> = [
    ['the load was acknowledged at all', acked.recommendations.length > 0 && acked.clicks.length > 0],
    ['no acknowledged recommendation lost', lost('recommendations') === 0],
    ['no acknowledged recipient data lost', lost('recipients') === 0],
    ['no acknowledged consent lost', lost('consents') === 0],
    ['no acknowledged bank data lost', lost('bankData') === 0],
    [`clicks lost within the flush window (≤ ${clickBound})`, lost('clicks') <= clickBound],
    ['no click written twice', duplicateClicks === 0],
    ['the server started again', health?.status === 200],
  ];
  console.log('');
  for (const [what, passed] of checks) console.log(`  ${passed ? 'ok  ' : 'FAIL'} ${what}`);
  ok = checks.every(([, passed]) => passed);
} finally {
  await platform.stop().catch(() => undefined);
  await db.end().catch(() => undefined);
  await dropTestSchema(DATABASE_URL, schema).catch(() => undefined);
  await mandants.remove();
}
process.exit(ok ? 0 : 1);
