/**
 * Several instances (issue 17, DESIGN "Scale"): two server processes over one PostgreSQL schema behind a
 * round-robin proxy behave as one — sessions, revocation, rate limits, recurring jobs, mail delivery,
 * content and click batching. PostgreSQL only (PGlite is one process's database); the JobScheduler's
 * claim rule itself is checked without a database. With TEST_REDIS_URL the instances keep their rate-limit
 * counts in that Redis (REDIS_URL, server/rateLimit) instead of PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/createDatabase.ts';
import type { Database } from '../../server/db/Database.ts';
import { CLAIM_GAP_SHARE, JobScheduler } from '../../server/jobs/JobScheduler.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/rateLimit/RateLimiter.ts';
import { seedRecommendation } from '../support/seedRecommendation.ts';
import { type SmtpStandIn, startSmtpServer } from '../support/smtpServer.ts';
import {
  ALPHA,
  createTestSchema,
  databases,
  dropTestSchema,
  RUNTIME_DIST,
  TEST_FIELD_KEY,
  VALID_MANDANTS,
} from './helpers.ts';

const REPO_ROOT = new URL('../../', import.meta.url).pathname;
const PROBE_MS = 1000;
const REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe('JobScheduler over several instances', () => {
  it('runs a scheduled tick only when it claims the period, and run() always', async () => {
    const claims: Array<[string, number]> = [];
    let allow = false;
    let runs = 0;
    const scheduler = new JobScheduler(
      { info: () => undefined, error: () => undefined },
      async (name, gap) => {
        claims.push([name, gap]);
        return allow;
      },
    );
    scheduler.register({ name: 'sweep', intervalMs: 60_000, run: async () => ++runs });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(claims).toEqual([['sweep', 60_000 * CLAIM_GAP_SHARE]]);
    expect(runs).toBe(0);
    expect(await scheduler.run('sweep')).toBe(1);
    await scheduler.stop();
    allow = true;
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(2);
    await scheduler.stop();
  });
});

interface Instance {
  name: string;
  port: number;
  log: () => string;
  stop: () => Promise<number | string | null>;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/server/manyInstancesEntry.ts'],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', INSTANCE: name, PROBE_INTERVAL_MS: String(PROBE_MS), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const until = Date.now() + 120_000;
  while (!/LISTENING (\d+)/.test(stdout)) {
    if (ended || Date.now() > until)
      throw new Error(`instance ${name} did not start:\n${stderr.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    name,
    port: Number(/LISTENING (\d+)/.exec(stdout)?.[1]),
    log: () => stderr,
    stop: () => {
      if (!ended) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A few lines of reverse proxy: each request to the next instance in turn (round robin). */
async function roundRobinProxy(ports: () => number[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const targets = ports();
    const port = targets[next++ % targets.length];
    const upstream = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(databases.filter((database) => database.url))(
  'two server processes over one PostgreSQL on $name',
  (database) => {
    const url = database.url ?? '';
    let schema: string;
    let db: Database;
    let smtp: SmtpStandIn;
    let a: Instance;
    let b: Instance;
    let proxy: { url: string; close: () => Promise<void> };
    const at = (instance: Instance | { url: string }, path: string, init?: RequestInit) =>
      fetch(`${'url' in instance ? instance.url : `http://127.0.0.1:${instance.port}`}${path}`, {
        redirect: 'manual',
        ...init,
      });

    beforeAll(async () => {
      schema = await createTestSchema(url);
      smtp = await startSmtpServer();
      const env = {
        DATABASE_URL: url,
        SCHEMA: schema,
        MANDANTS_DIR: VALID_MANDANTS,
        DIST_DIR: RUNTIME_DIST,
        DATA_ENCRYPTION_KEY: TEST_FIELD_KEY,
        SMTP_URL: smtp.url,
        ...(REDIS_URL ? { REDIS_URL, REDIS_KEY_PREFIX: `many-${randomBytes(4).toString('hex')}:` } : {}),
      };
      // The probe job's table, before the instances start their schedules (migrations make the rest).
      await sqlOn(
        url,
        schema,
        'create table probe_run (instance text not null, started_at timestamptz not null)',
      );
      // Both at once: migrations, the session secret and the demo accounts race as in a real rollout.
      [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
      db = await createDatabase({ url, schema });
      proxy = await roundRobinProxy(() => [a.port, b.port]);
    }, 240_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.close();
      await smtp?.close();
      if (schema) await dropTestSchema(url, schema);
    }, 60_000);

    const login = async (instance: Instance) => {
      const answer = await at(instance, '/api/v1/alpha/account/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: ALPHA.anna.email, Password: ALPHA.anna.password }),
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { Token: string }).Token;
    };
    const user = (instance: Instance, token: string) =>
      at(instance, '/api/v1/alpha/account/user', { headers: { authorization: `Bearer ${token}` } });

    it('accepts a session token of one instance on the other (one signing key)', async () => {
      const token = await login(a);
      expect((await user(b, token)).status).toBe(200);
      expect((await user(a, token)).status).toBe(200);
    });

    it('refuses on one instance a session ended on the other', async () => {
      const token = await login(b);
      expect((await user(a, token)).status).toBe(200);
      const logout = await at(a, '/api/v1/alpha/account/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(logout.status).toBe(204);
      expect((await user(b, token)).status).toBe(401);
      expect((await user(a, token)).status).toBe(401);
    });

    it('counts rate-limited attempts across both instances', async () => {
      const { limit } = DEFAULT_RATE_LIMITS.tokenLoginPerIp;
      const statuses: number[] = [];
      // Through the proxy: attempts alternate between the instances, all from the proxy's address.
      for (let attempt = 0; attempt <= limit; attempt++) {
        const answer = await at(proxy, `/api/v1/alpha/account/login/?token=guess-${attempt}`);
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, limit).every((status) => status === 410)).toBe(true);
      // One instance alone has seen about half the attempts: only a shared count refuses the next one.
      expect(statuses[limit]).toBe(429);
      expect((await at(a, '/api/v1/alpha/account/login/?token=guess-a')).status).toBe(429);
      expect((await at(b, '/api/v1/alpha/account/login/?token=guess-b')).status).toBe(429);
    });

    it('runs a recurring job once per period between them, not once per instance', async () => {
      // Both instances tick the probe every PROBE_MS from their start; let several periods pass.
      await new Promise((resolve) => setTimeout(resolve, 6 * PROBE_MS));
      const { rows } = await sql<{ instance: string; started_at: Date }>`
        select instance, started_at from probe_run order by started_at`.execute(db.kysely);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      const gaps = rows
        .slice(1)
        .map((row, index) => row.started_at.getTime() - (rows[index]?.started_at.getTime() ?? 0));
      // Two runs of one period would be milliseconds apart; a claimed period keeps them apart.
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PROBE_MS * CLAIM_GAP_SHARE - 50);
      // The real jobs ticked at both starts: each ran once between the two instances.
      const done = (log: string) =>
        log
          .split('\n')
          .filter((line) => line.includes('"msg":"job done"') || line.includes('"msg":"job failed"'))
          .map((line) => (JSON.parse(line) as { job: string }).job)
          .filter((job) => job !== 'manyInstancesProbe');
      const runs = [...done(a.log()), ...done(b.log())];
      expect(runs).toContain('releaseDueOrders');
      expect(runs.length).toBe(new Set(runs).size);
    });

    it('delivers each mail once while both instances run their outbox workers', async () => {
      smtp.reset();
      const count = 30;
      const recipients = Array.from({ length: count }, (_, index) => `many.${index}@example.org`);
      await sql`
        insert into mail_outbox (mandant_id, recipient, language, template, subject, text_body, html_body)
        select 'alpha', r, 'de', 'welcome', 'Probe', 'Probe ' || r, '<p>Probe</p>' from unnest(${recipients}::text[]) as r`.execute(
        db.kysely,
      );
      const mails = await smtp.waitForMails(count, 30_000);
      // Both workers poll every second: give a duplicate time to show up.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(smtp.mails()).toHaveLength(count);
      expect(new Set(mails.map((mail) => mail.to[0])).size).toBe(count);
      const { rows } = await sql<{ sent: number }>`
        select count(*)::int as sent from mail_outbox where status = 'sent' and recipient like 'many.%'`.execute(
        db.kysely,
      );
      expect(rows[0]?.sent).toBe(count);
    });

    it('serves the same content from both instances', async () => {
      const paths = ['/api/v1/alpha/content/getlanguagecontent/de', '/api/v1/alpha/content/getlanguages'];
      for (const path of paths) {
        const [first, second] = await Promise.all([at(a, path), at(b, path)]);
        expect(first.status, path).toBe(200);
        expect(await second.text(), path).toBe(await first.text());
      }
    });

    it('records every click answered by either instance exactly once', async () => {
      const seeded = await seedRecommendation({ database: db } as unknown as FastifyInstance, {
        mandant: 'alpha',
      });
      const numbers = Array.from({ length: 200 }, (_, index) => String(5_000_000_000 + index));
      const answers = await Promise.all(
        numbers.map((number) =>
          at(proxy, `/empfehlen/click/${seeded.empfehlungsnummer}?channel=email&empfaengernummer=${number}`, {
            headers: { host: 'alpha.localhost' },
          }),
        ),
      );
      expect(answers.every((answer) => answer.status === 302)).toBe(true);
      // Each instance writes its own buffer within its flush window (server/clicks/README.md).
      const until = Date.now() + 20_000;
      let rows: Array<{ empfaengernummer: string | null; n: number }> = [];
      while (Date.now() < until) {
        rows = (
          await sql<{ empfaengernummer: string | null; n: number }>`
            select empfaengernummer, count(*)::int as n from click where recommendation_id = ${seeded.id}
            group by empfaengernummer`.execute(db.kysely)
        ).rows;
        if (rows.reduce((sum, row) => sum + row.n, 0) >= numbers.length) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      const final = (
        await sql<{ empfaengernummer: string | null; n: number }>`
          select empfaengernummer, count(*)::int as n from click where recommendation_id = ${seeded.id}
          group by empfaengernummer`.execute(db.kysely)
      ).rows;
      expect(final.map((row) => row.empfaengernummer).sort()).toEqual(numbers);
      expect(final.every((row) => row.n === 1)).toBe(true);
      expect(rows.length).toBeGreaterThan(0);
    });
  },
  300_000,
);

async function sqlOn(url: string, schema: string, statement: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
