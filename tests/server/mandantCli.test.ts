import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('npm run mandant (issue 7)', () => {
  it('new scaffolds a mandant that inherits from _base and validates once its logo is set', async () => {
    const created = await mandant('new', 'wasserwerk');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(path.join('mandants', 'wasserwerk', 'mandant.json'));
    const config = JSON.parse(await readFile(path.join(mandantsDir, 'wasserwerk', 'mandant.json'), 'utf8'));
    expect(config.$schema).toBe('../../schemas/mandant.schema.json');
    const german = JSON.parse(
      await readFile(path.join(mandantsDir, 'wasserwerk', 'content', 'de', 'variables.json'), 'utf8'),
    );
    expect(german.variables['firma.name']).toBe('[Bitte ausfüllen: firma.name]');
    expect(german.variables['support.email']).toMatch(/Bitte ausfüllen/);
    const english = JSON.parse(
      await readFile(path.join(mandantsDir, 'wasserwerk', 'content', 'en', 'variables.json'), 'utf8'),
    );
    expect(english.variables['datenschutz.verantwortlicher']).toMatch(/Please fill in/);

    // The one validator (issue 18) asks for what would go live missing: the header's logo.
    const unfinished = await mandant('validate', 'wasserwerk');
    expect(unfinished.code).toBe(1);
    expect(unfinished.stderr).toContain('/theme/logo: theme.logo is not set');
    const own = path.join(mandantsDir, 'wasserwerk');
    const scaffolded = JSON.parse(await readFile(path.join(own, 'mandant.json'), 'utf8'));
    const logo = { src: 'logo.svg', width: 180, height: 40 };
    scaffolded.theme = { ...scaffolded.theme, logo };
    await writeFile(path.join(own, 'mandant.json'), JSON.stringify(scaffolded));
    await mkdir(path.join(own, 'assets'), { recursive: true });
    await cp(path.join(mandantsDir, 'telko', 'assets', 'logo.svg'), path.join(own, 'assets', 'logo.svg'));
    // … and products for its source (generic by default) to recommend.
    await cp(path.join(mandantsDir, 'versicherung', 'products'), path.join(own, 'products'), {
      recursive: true,
    });

    // … and the placeholders `new` wrote, which would otherwise go live.
    expect(unfinished.stderr).toContain('firma.name');
    for (const language of ['de', 'en']) {
      for (const file of [`i18n/${language}.json`, `content/${language}/variables.json`]) {
        const text = await readFile(path.join(own, file), 'utf8').catch(() => undefined);
        if (text === undefined) continue;
        const filled = text.replace(/\[(?:Bitte ausfüllen|Please fill in): ([^\]]*)\]/g, 'Wasserwerk $1');
        await writeFile(path.join(own, file), filled);
      }
    }

    const checked = await mandant('validate', 'wasserwerk');
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(/✓ wasserwerk: \d+ routes/);
  });

  it('new refuses a name that cannot be a host label, and an existing folder', async () => {
    expect((await mandant('new', 'Stadt Werk')).code).not.toBe(0);
    expect((await mandant('new', 'telko')).stderr).toMatch(/exists already/);
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

  it('without a command prints the usage', async () => {
    const result = await mandant();
    expect(result.stderr).toMatch(/usage: npm run mandant -- <command>/);
  });
});
