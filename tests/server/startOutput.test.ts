import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestSchema,
  databases,
  dropTestSchema,
  RUNTIME_DIST,
  TEST_FIELD_KEY,
  type TestDatabase,
  VALID_MANDANTS,
} from './helpers.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Live credentials in the start lines: agency token links, one-time admin links, reward links, JWTs. */
const LIVE_SECRETS = [/\?t=/, /\/login\/[\w-]{8,}/, /[?&]token=/, /eyJ[\w-]+\.[\w-]+\.[\w-]+/];

interface Started {
  stdout: string;
  port: number;
  stop: () => Promise<number | string | null>;
}

/** server/main.ts in a child process, as `npm run serve` (no arguments) or `npm start` (--demo) runs it. */
async function start(
  env: Record<string, string>,
  args: string[] = [],
  script = 'server/main.ts',
): Promise<Started> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      MANDANTS_DIR: VALID_MANDANTS,
      DIST_DIR: RUNTIME_DIST,
      DEMO_SHOP: 'false',
      OIDC_LOCAL_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const until = Date.now() + 90_000;
  // The banner ends with the demo lines (or their absence): wait for the whole write.
  while (!/\/api\/health[\s\S]*\n\n/.test(stdout) || !stdout.endsWith('\n')) {
    if (ended || Date.now() > until) throw new Error(`no start banner:\n${stdout}\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  const port = Number(/http:\/\/localhost:(\d+)\//.exec(stdout)?.[1]);
  return {
    stdout,
    port,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function devMails(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/dev/mails`)).text();
}

describe.each(databases)(
  'what the start prints on $name',
  (database: TestDatabase) => {
    let dataDir: string;
    const schemas: string[] = [];
    /** A fresh database per start: PGlite in its own folder, or a PostgreSQL schema of its own. */
    async function databaseEnv(name: string): Promise<Record<string, string>> {
      if (!database.url) return { DATA_DIR: path.join(dataDir, name) };
      const schema = await createTestSchema(database.url);
      schemas.push(schema);
      return {
        DATABASE_URL: database.url,
        PGOPTIONS: `-c search_path=${schema}`,
        DATA_ENCRYPTION_KEY: TEST_FIELD_KEY,
      };
    }
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'start-output-'));
    });
    afterAll(async () => {
      await rm(dataDir, { recursive: true, force: true });
      for (const schema of schemas) if (database.url) await dropTestSchema(database.url, schema);
    });

    it('without --demo: the demo accounts’ published passwords, no live login link, no dev mail view', async () => {
      const server = await start({ ...(await databaseEnv('plain')), DEMO_ACCOUNTS: 'true' });
      try {
        expect(server.stdout).toContain('Demo accounts (demo data only');
        expect(server.stdout).toContain('Anna.Alpha@Alpha.example / Passwort123');
        expect(server.stdout).toContain('DEMO_LOGIN_LINKS=true');
        for (const secret of LIVE_SECRETS) expect(server.stdout).not.toMatch(secret);
        expect(server.stdout).not.toContain('admin login');
        expect(server.stdout).not.toContain('agency login');
        expect(await devMails(server.port)).not.toContain('Mail outbox');
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });

    it('with --demo (npm start): also live login links of the demo accounts, and the dev mail view', async () => {
      const server = await start({ ...(await databaseEnv('demo')), DEMO_ACCOUNTS: 'true' }, ['--demo']);
      try {
        expect(server.stdout).toContain('Anna.Alpha@Alpha.example / Passwort123');
        const admin = new RegExp(
          `admin login \\(anna\\.alpha@alpha\\.example, once, 60 min\\): http://alpha\\.localhost:${server.port}/de/login/([\\w-]+)`,
          'i',
        ).exec(server.stdout);
        expect(admin, server.stdout).not.toBeNull();
        expect(server.stdout).toMatch(/agency login \(agentur@alpha\.example\): \S+\?t=/);
        // Links only for the demo accounts of the files: one admin and one agency link per mandant.
        expect(server.stdout.match(/admin login/g)?.length).toBe(server.stdout.match(/^ {4}\S+$/gm)?.length);
        expect(await devMails(server.port)).toContain('Mail outbox');
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });

    it('npm run mandant -- preview NAME: NAME is the default mandant and only its demo logins are printed (issue 18)', async () => {
      const server = await start(
        {
          ...(await databaseEnv('preview')),
          DEMO_ACCOUNTS: 'true',
          MANDANTS_DIR: path.join(REPO_ROOT, 'mandants'),
        },
        ['preview', 'versicherung'],
        'server/cli/mandantCli.ts',
      );
      try {
        expect(server.stdout).toContain('Preview of "versicherung"');
        expect(server.stdout).toContain('(default mandant: versicherung)');
        expect(server.stdout).toContain('claudia.meyer@hanse-assekuranz.example / Empfehlen2026');
        expect(server.stdout).not.toMatch(/@netzplus\.example|@stadtwerke-lindenau\.example/);
        expect(server.stdout.match(/^ {4}\S+$/gm)).toEqual(['    versicherung']);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });

    it('without demo accounts: nothing secret, even with --demo', async () => {
      const server = await start({ ...(await databaseEnv('none')), DEMO_ACCOUNTS: 'false' }, ['--demo']);
      try {
        expect(server.stdout).toMatch(/alpha +http:\/\/alpha\.localhost:\d+\//);
        expect(server.stdout).not.toContain('Demo accounts');
        expect(server.stdout).not.toContain('Passwort123');
        expect(server.stdout).not.toMatch(/ \/ \S+/);
        for (const secret of LIVE_SECRETS) expect(server.stdout).not.toMatch(secret);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });

    if (database.url) {
      it('on PostgreSQL by default (a real database): no demo accounts and nothing secret', async () => {
        const server = await start(await databaseEnv('production'));
        try {
          expect(server.stdout).not.toContain('Demo accounts');
          expect(server.stdout).not.toContain('Passwort123');
          for (const secret of LIVE_SECRETS) expect(server.stdout).not.toMatch(secret);
          expect(await devMails(server.port)).not.toContain('Mail outbox');
        } finally {
          expect(await server.stop()).toBe(0);
        }
      });
    }
  },
  240_000,
);
