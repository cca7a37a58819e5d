import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_MANDANTS, RUNTIME_DIST, TEST_FIELD_KEY, VALID_MANDANTS } from './helpers.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** server/main.ts as `npm run serve` starts it, in a child process. */
function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { child, output: () => ({ stdout, stderr }) };
}

/** The exit code, or the signal that ended the process (so a failure says which). */
function exitCode(child: ChildProcess): Promise<number | string | null> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('server/main.ts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'main-test-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('starts, prints the demo URLs, serves, and shuts down gracefully on SIGTERM', async () => {
    const server = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MANDANTS_DIR: VALID_MANDANTS,
      DIST_DIR: RUNTIME_DIST,
      // Live login links only when asked for (npm start passes --demo); startOutput.test.ts tests without.
      DEMO_LOGIN_LINKS: 'true',
    });
    const exited = exitCode(server.child);
    try {
      await waitFor(() => server.output().stdout.includes('/api/health'), 'the start banner');
      const { stdout } = server.output();
      const port = /http:\/\/localhost:(\d+)\//.exec(stdout)?.[1];
      expect(stdout).toMatch(/alpha +http:\/\/alpha\.localhost:\d+\//);
      expect(stdout).toMatch(/beta +http:\/\/beta\.localhost:\d+\//);
      expect(stdout).toContain(`http://localhost:${port}/api/docs`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok', mandants: 3 });

      // The demo logins: e-mail and password per mandant, and links that log in for real.
      expect(stdout).toContain('Demo accounts (demo data only, not for production; DEMO_ACCOUNTS=false');
      expect(stdout).toContain('Anna.Alpha@Alpha.example / Passwort123');
      expect(stdout).toContain('gesperrt@alpha.example / Passwort123  (blocked)');
      expect(stdout).toContain('anna.alpha@alpha.example / BetaPasswort1');
      const agencyLink = new RegExp(`http://alpha\\.localhost:${port}/de/agentur/login\\?t=([\\w.-]+)`).exec(
        stdout,
      );
      const adminLink = new RegExp(`http://alpha\\.localhost:${port}/de/login/([\\w-]+)`).exec(stdout);
      expect(agencyLink, stdout).not.toBeNull();
      expect(adminLink, stdout).not.toBeNull();
      const agency = await fetch(
        `http://127.0.0.1:${port}/api/v1/alpha/token/verifyAgenturToken?t=${agencyLink?.[1]}`,
      );
      expect(await agency.json()).toMatchObject({ Email: 'agentur@alpha.example', Roles: ['owner'] });
      const admin = await fetch(
        `http://127.0.0.1:${port}/api/v1/alpha/account/login/?token=${adminLink?.[1]}`,
      );
      expect(await admin.json()).toMatchObject({ Email: 'anna.alpha@alpha.example' });
      // beta's first agency user is an employee; links are per mandant
      expect(stdout).toMatch(new RegExp(`http://beta\\.localhost:${port}/de/agentur/login\\?t=`));
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('prints no demo logins with DEMO_ACCOUNTS=false', async () => {
    const server = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'no-demo'),
      MANDANTS_DIR: VALID_MANDANTS,
      DIST_DIR: RUNTIME_DIST,
      DEMO_ACCOUNTS: 'false',
    });
    const exited = exitCode(server.child);
    try {
      await waitFor(() => server.output().stdout.includes('/api/health'), 'the start banner');
      const { stdout } = server.output();
      expect(stdout).not.toContain('Demo accounts');
      expect(stdout).not.toContain('Passwort123');
      expect(stdout).toMatch(/alpha +http:\/\/alpha\.localhost:\d+\//);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('prints every mandant problem and exits 1 without a stack trace', async () => {
    const server = start({ PORT: '0', DATA_DIR: dataDir, MANDANTS_DIR: INVALID_MANDANTS });
    expect(await exitCode(server.child)).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain('Invalid mandant configuration (15 problems)');
    expect(stderr).toMatch(/bad-type\/mandant\.json \/ModuleAdv: must be boolean/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('names an unreachable database (password hidden) and exits 1 without a stack trace', async () => {
    const server = start({
      PORT: '0',
      MANDANTS_DIR: VALID_MANDANTS,
      DATABASE_URL: 'postgres://app:s3cret-pw@127.0.0.1:1/referrals',
      DATA_ENCRYPTION_KEY: TEST_FIELD_KEY,
    });
    expect(await exitCode(server.child)).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain('Cannot reach the database postgres://app:***@127.0.0.1:1/referrals');
    expect(stderr).not.toContain('s3cret-pw');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
