import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, type TestDatabase } from './helpers.ts';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');

let scratch: string;
let mandantsDir: string;

/** Runs `npm run mandant -- …` against a copy of the real mandants folder. */
async function mandant(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [path.join(REPO, 'server/cli/mandantCli.ts'), ...args], {
      cwd: scratch,
      env: { ...process.env, MANDANTS_DIR: mandantsDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'mandant-cli-'));
  mandantsDir = path.join(scratch, 'mandants');
  await cp(path.join(REPO, 'mandants'), mandantsDir, { recursive: true });
});

/** Sets a JSON pointer's value in place (RFC 6901), as a person following the list would. */
function setAtPointer(document: Record<string, unknown>, pointer: string, value: unknown): void {
  const keys = pointer
    .slice(1)
    .split('/')
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = keys.pop() as string;
  let node = document as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  expect(node[last], `${pointer} exists`).toBeDefined();
  node[last] = value;
}

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('npm run mandant (issue 7)', () => {
  it('new scaffolds what README step 2 lists; filled in as it prints, the mandant validates and starts (issue 18)', async () => {
    const created = await mandant('new', 'wasserwerk');
    expect(created.code).toBe(0);
    const own = path.join(mandantsDir, 'wasserwerk');
    for (const file of [
      'mandant.json',
      'i18n/de.json',
      'i18n/en.json',
      'products/generisch.json',
      'demo/accounts.json',
      'pages/Homepage.json',
    ])
      expect(created.stdout).toContain(path.join('mandants', 'wasserwerk', file));
    const config = JSON.parse(await readFile(path.join(own, 'mandant.json'), 'utf8'));
    expect(config).toMatchObject({ $schema: '../../schemas/mandant.schema.json', produktApi: 'generic' });
    const german = JSON.parse(await readFile(path.join(own, 'content', 'de', 'variables.json'), 'utf8'));
    expect(german.variables['firma.name']).toBe('[Bitte ausfüllen: firma.name]');
    const english = JSON.parse(await readFile(path.join(own, 'i18n', 'en.json'), 'utf8'));
    expect(english['home.hero.headline']).toBe('[Please fill in: home.hero.headline]');

    // The printed list: FILE POINTER: what to put there (a whole file without a pointer).
    const section = created.stdout.split('Left to fill in')[1]?.split('\n\n')[0] ?? '';
    const items = [...section.matchAll(/^ {2}(\S+?)(?: (\/\S*))?: (.+)$/gm)].map(
      ([, file = '', pointer = '', what = '']) => ({
        file,
        pointer,
        what,
      }),
    );
    expect(items.length).toBeGreaterThan(20);
    expect(items).toContainEqual(
      expect.objectContaining({
        file: path.join('mandants', 'wasserwerk', 'assets', 'logo.svg'),
        pointer: '',
      }),
    );
    expect(items).toContainEqual(expect.objectContaining({ pointer: '/generisch/0/AnzeigeName' }));

    // validate reports every item of the list, with its file and pointer.
    const unfinished = await mandant('validate', 'wasserwerk');
    expect(unfinished.code).toBe(1);
    for (const item of items)
      expect(unfinished.stderr).toContain(`  ${item.file}${item.pointer ? ` ${item.pointer}` : ''}: `);

    // Fill in exactly what the list names, nothing else.
    for (const { file, pointer, what } of items) {
      const target = path.join(scratch, file);
      if (file.endsWith('.svg')) {
        await writeFile(
          target,
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 40"><title>Wasserwerk Lindau</title><rect width="180" height="40" fill="#0E5A7E"/></svg>',
        );
        continue;
      }
      const value = /e-mail address/.test(what)
        ? 'kontakt@wasserwerk.example'
        : `Wasserwerk ${pointer.split('/').pop()}`;
      const json = JSON.parse(await readFile(target, 'utf8'));
      setAtPointer(json, pointer, value);
      await writeFile(target, JSON.stringify(json, null, 2));
    }

    const checked = await mandant('validate', 'wasserwerk');
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(/✓ wasserwerk: \d+ routes/);

    // The test command's lint (`npm run check`) passes the folder too: mandant data is checked by the
    // validator, never by the code formatter (biome.json), whatever the editor or `new` wrote.
    await cp(path.join(REPO, 'biome.json'), path.join(scratch, 'biome.json'));
    const lint = await run(
      path.join(REPO, 'node_modules', '.bin', 'biome'),
      ['check', 'mandants/wasserwerk'],
      {
        cwd: scratch,
      },
    ).catch((error: { stdout: string; stderr: string }) => error);
    expect(`${lint.stdout}${lint.stderr}`).toMatch(/Checked \d+ files/);
    expect(`${lint.stdout}${lint.stderr}`).not.toMatch(/error|Formatter would have printed/i);

    // It starts with the go-live checks, and its home page renders with its own texts.
    // On PostgreSQL when TEST_DATABASE_URL is set (the last of `databases`), else on PGlite.
    const app = await buildTestApp(databases.at(-1) as TestDatabase, {
      mandantsDir,
      env: { MANDANT_CHECKS: 'go-live', DEMO_ACCOUNTS: 'false' },
    });
    try {
      const home = await app.inject({ method: 'GET', url: '/', headers: { host: 'wasserwerk.localhost' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('Wasserwerk home.hero.headline');
      const products = await app.inject({ method: 'GET', url: '/api/v1/wasserwerk/produkt' });
      expect(products.statusCode).toBe(200);
      expect(products.body).toContain('Wasserwerk AnzeigeName');
    } finally {
      await app.close();
    }
    // Three CLI runs and a start over the real mandants: minutes on a busy two-core machine.
  }, 240_000);

  it('new with another product source asks for that data', async () => {
    const created = await mandant('new', 'beraterwerk', 'agent list');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(
      /mandants\/beraterwerk\/products: the agent list data: copy mandants\/stadtwerk\/products/,
    );
    const unfinished = await mandant('validate', 'beraterwerk');
    expect(unfinished.stderr).toContain(
      'mandants/beraterwerk/products: produktApi "agent list" needs berater data',
    );
    await rm(path.join(mandantsDir, 'beraterwerk'), { recursive: true, force: true });
    expect((await mandant('new', 'x', 'catalogue')).code).toBe(2);
  });

  it('new refuses a name that cannot be a host label, and an existing folder', async () => {
    expect((await mandant('new', 'Stadt Werk')).code).not.toBe(0);
    expect((await mandant('new', 'telko')).stderr).toMatch(/exists already/);
    // A MANDANTS_DIR without _base: a sentence, not a stack trace.
    const elsewhere = await run(TSX, [path.join(REPO, 'server/cli/mandantCli.ts'), 'new', 'probe'], {
      cwd: scratch,
      env: { ...process.env, MANDANTS_DIR: path.join(scratch, 'nowhere') },
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in elsewhere ? elsewhere.code : 0).toBe(1);
    expect(elsewhere.stderr).toMatch(/nowhere\/_base does not exist: run this in the project folder/);
  });

  it('validate names file, pointer, reason and a hint, and exits 1', async () => {
    const file = path.join(mandantsDir, 'versicherung', 'mandant.json');
    const original = await readFile(file, 'utf8');
    await writeFile(file, JSON.stringify({ ...JSON.parse(original), ModuleErzwingLogin: true }));
    try {
      const result = await mandant('validate', 'versicherung');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `${path.join('mandants', 'versicherung', 'mandant.json')} /ModuleErzwingLogin: unknown property "ModuleErzwingLogin" (hint: did you mean "ModuleErzwingeLogin"?)`,
      );
      // validate NAME does not report other mandants
      expect(result.stderr).not.toContain(path.join('mandants', 'telko'));
    } finally {
      await writeFile(file, original);
    }
  });

  it('validate checks the embedded content as the server start does (issue 18: one validator)', async () => {
    const file = path.join(mandantsDir, 'versicherung', 'content', 'de', 'keyvisuals.json');
    const original = await readFile(file, 'utf8');
    const visuals = JSON.parse(original) as { keyVisuals: Record<string, { headline: string }> };
    Object.assign(visuals.keyVisuals.home ?? {}, { headline: 'Bis zu {{praemie.gibtesnicht}}' });
    await writeFile(file, JSON.stringify(visuals));
    const expected = `${path.join('mandants', 'versicherung', 'content', 'de', 'keyvisuals.json')} /keyVisuals/home: key visual "home": {{praemie.gibtesnicht}} is not defined in variables.json`;
    try {
      const result = await mandant('validate', 'versicherung');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(expected);
      // The same problem stops the server start: validate passing means the start passes.
      const start = buildTestApp(databases[0] as TestDatabase, {
        mandantsDir,
        env: { DEMO_ACCOUNTS: 'false' },
      });
      await expect(start).rejects.toThrow(
        'key visual "home": {{praemie.gibtesnicht}} is not defined in variables.json',
      );
    } finally {
      await writeFile(file, original);
    }
  });

  it('validate NAME leaves out a _base text that is wrong for another mandant only, and shows it for that one', async () => {
    const terms = path.join(mandantsDir, '_base', 'content', 'de', 'entries', 'participation-terms.json');
    const original = await readFile(terms, 'utf8');
    // A choice of split: right where the form offers one (telko), wrong where the split is fixed
    // (versicherung, RecommenderDefaultShare "50"), which inherits the participation terms.
    await writeFile(
      terms,
      original.replace(
        'Voreingestellt ist die Aufteilung',
        'Sie können die Prämie auch selbst behalten. Voreingestellt ist die Aufteilung',
      ),
    );
    try {
      const insurer = await mandant('validate', 'versicherung');
      expect(insurer.code).toBe(1);
      expect(insurer.stderr).toMatch(/participation-terms\.json \/\S+: .*promises a choice/);
      const telecom = await mandant('validate', 'telko');
      expect(telecom.stderr).not.toContain('participation-terms.json');
      expect(telecom.code).toBe(0);
    } finally {
      await writeFile(terms, original);
    }
  });

  it('without a command prints the usage', async () => {
    const result = await mandant();
    expect(result.stderr).toMatch(/usage: npm run mandant -- <command>/);
  });
});
