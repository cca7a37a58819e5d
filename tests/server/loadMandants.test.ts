import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockPropsSchemas } from '../../schemas/blocks/index.ts';
import { loadMandants } from '../../server/mandants/loadMandants.ts';
import { MandantConfigError } from '../../server/mandants/MandantConfigError.ts';
import { copyFixture, INVALID_MANDANTS, VALID_MANDANTS } from './helpers.ts';

const relative = (...parts: string[]) => path.relative(process.cwd(), path.join(...parts));

async function loadError(dir: string, options = {}): Promise<MandantConfigError> {
  const error = await loadMandants(dir, options).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(MandantConfigError);
  return error as MandantConfigError;
}

/** Writes a tiny mandants folder: `{ 'a/mandant.json': {...} }`. */
async function writeTree(
  files: Record<string, unknown>,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const scratch = await copyFixture(path.join(VALID_MANDANTS, '_base'));
  const dir = path.dirname(scratch.dir);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return { dir, remove: scratch.remove };
}

describe('loadMandants over valid folders', () => {
  it('loads every mandant folder and skips _base, _* and .* folders', async () => {
    const registry = await loadMandants(VALID_MANDANTS);
    expect(registry.all().map((mandant) => mandant.id)).toEqual(['alpha', 'beta', 'gamma']);
    expect(registry.defaultMandant.id).toBe('alpha');
  });

  it('merges mandant.json over _base and fills the schema defaults', async () => {
    const alpha = (await loadMandants(VALID_MANDANTS)).get('alpha');
    expect(alpha?.config.name).toBe('Alpha Energie');
    // from _base, extended by alpha (objects merge key by key)
    expect(alpha?.config.routes).toEqual({
      Homepage: '/',
      FileNotFound: '/404',
      Imprint: '/impressum',
      Faq: '/faq',
    });
    expect(alpha?.config.ModuleEmailClient).toBe(1);
    // schema defaults, including nested ones
    expect(alpha?.config.ModuleGmail).toBe(-1);
    expect(alpha?.config.SupportedLanguage).toEqual({ Sprache: ['de', 'en'], Standard: 'de' });
    expect(alpha?.config.theme.radius).toBe('8px');
    expect(alpha?.config.RecommenderDefaultShare).toBe('100');
  });

  it('merges pages over _base by block id (override, remove, insert after) and fills props defaults', async () => {
    const alpha = (await loadMandants(VALID_MANDANTS)).get('alpha');
    const home = alpha?.pages.Homepage;
    expect(home?.blocks?.map((block) => block.id)).toEqual(['hero', 'cta']);
    expect(home?.blocks?.[0]?.props).toEqual({
      headline: 'alpha.headline',
      cta: { label: 'home.cta', route: 'Recommendation' },
      align: 'start',
    });
    expect(home?.access).toBe('public');
    expect(Object.keys(alpha?.pages ?? {})).toEqual(['Faq', 'FileNotFound', 'Homepage', 'Imprint']);
  });

  it('rewrites theme asset names to /mandant-assets URLs, falling back to _base/assets', async () => {
    const registry = await loadMandants(VALID_MANDANTS);
    expect(registry.get('alpha')?.response.theme.logo).toEqual({
      src: '/mandant-assets/alpha/img/logo.svg',
      width: 120,
    });
    expect(registry.get('alpha')?.response.theme.favicon).toBe('/mandant-assets/alpha/favicon.svg');
    expect(registry.get('beta')?.response.theme.logo?.src).toBe('/mandant-assets/beta/base-logo.svg');
    expect(registry.get('beta')?.assetRoots).toEqual([path.join(VALID_MANDANTS, '_base', 'assets')]);
    // the stored config keeps the file names
    expect(registry.get('alpha')?.config.theme.favicon).toBe('favicon.svg');
  });

  it('keeps secrets and host settings out of the public configuration', async () => {
    const alpha = (await loadMandants(VALID_MANDANTS)).get('alpha');
    const response = alpha?.response as unknown as Record<string, unknown>;
    expect(response.content).toEqual({ provider: 'contentful' });
    expect(response).not.toHaveProperty('hosts');
    expect(response).not.toHaveProperty('default');
    expect(JSON.stringify(response)).not.toMatch(/ALPHA_CONTENT|alpha-space|cdn\.contentful/);
  });

  it('lets DEFAULT_MANDANT override default: true', async () => {
    const registry = await loadMandants(VALID_MANDANTS, { defaultMandant: 'beta' });
    expect(registry.defaultMandant.id).toBe('beta');
  });

  it('hashes each configuration, so a changed file shows in the mandant table', async () => {
    const registry = await loadMandants(VALID_MANDANTS);
    const hashes = registry.all().map((mandant) => mandant.configHash);
    expect(new Set(hashes).size).toBe(3);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('loadMandants over invalid folders', () => {
  const expected: [string, string, RegExp][] = [
    ['bad-type/mandant.json', '/ModuleAdv', /must be boolean/],
    ['unknown-prop/mandant.json', '/Colour', /unknown property "Colour"/],
    [
      'unknown-block/pages/Homepage.json',
      '/blocks/0/type',
      // The list grows with every registered block; it names them all, in order.
      new RegExp(
        `unknown block type "Carousel"; known types: ${Object.keys(blockPropsSchemas).sort().join(', ')}`,
      ),
    ],
    ['bad-props/pages/Homepage.json', '/blocks/0/props/headline', /must be string/],
    ['no-page/mandant.json', '/routes/Contact', /route "Contact" has no page/],
    [
      'bad-lang/mandant.json',
      '/SupportedLanguage/Standard',
      /"de" is not among the offered languages \(en\)/,
    ],
    ['dup-block/pages/Homepage.json', '/blocks/1/id', /duplicate block id "hero"/],
    [
      'host-a/mandant.json',
      '/hosts/0',
      /"shared\.example" is claimed by more than one mandant: host-a, host-b/,
    ],
    ['host-b/mandant.json', '/hosts/1', /"shared\.example" is claimed by more than one mandant/],
    ['missing-asset/mandant.json', '/theme/favicon', /file "nope\.ico" not found/],
    ['Bad_Name', '', /folder name must be a lower-case host label/],
    ['no-config/mandant.json', '', /every mandant folder needs a mandant\.json/],
    ['bad-merge/pages/Homepage.json', '/blocks/0', /cannot remove block "ghost"/],
    ['bad-i18n/i18n/de.json', '/home.headline', /must be string/],
    ['bad-page-name/pages/homepage.json', '', /file name must be a route name/],
  ];

  it.each(expected)('reports %s %s', async (file, pointer, reason) => {
    const error = await loadError(INVALID_MANDANTS);
    const problem = error.problems.find((candidate) => candidate.file === relative(INVALID_MANDANTS, file));
    expect(problem, `no problem for ${file} in:\n${error.message}`).toBeDefined();
    expect(error.problems).toContainEqual(
      expect.objectContaining({ file: relative(INVALID_MANDANTS, file), pointer }),
    );
    const matching = error.problems.filter(
      (p) => p.file === relative(INVALID_MANDANTS, file) && p.pointer === pointer,
    );
    expect(matching.map((p) => p.reason).join('\n')).toMatch(reason);
  });

  it('lists every problem in one message, one line each as FILE POINTER: reason, and nothing about good ones', async () => {
    const error = await loadError(INVALID_MANDANTS);
    const lines = error.message.split('\n').slice(1);
    expect(lines).toHaveLength(error.problems.length);
    expect(error.problems.length).toBe(expected.length);
    expect(error.message).toContain(
      `  ${relative(INVALID_MANDANTS, 'bad-type/mandant.json')} /ModuleAdv: must be boolean`,
    );
    expect(error.message).not.toContain(`${path.sep}good${path.sep}`);
  });

  it('reports broken JSON with line and column', async () => {
    const scratch = await copyFixture(INVALID_MANDANTS);
    try {
      await writeFile(
        path.join(scratch.dir, 'bad-type', 'mandant.json'),
        '{\n  "name": "x",\n  "ModuleAdv": true\n  "hosts": []\n}\n',
      );
      const error = await loadError(scratch.dir);
      const file = relative(scratch.dir, 'bad-type/mandant.json');
      const problem = error.problems.find((candidate) => candidate.file === file);
      expect(problem).toMatchObject({ line: 4, column: 3 });
      expect(problem?.reason).toMatch(/^invalid JSON: /);
      expect(error.message).toContain(`${file}:4:3: invalid JSON`);
    } finally {
      await scratch.remove();
    }
  });

  it('requires exactly one default mandant', async () => {
    const none = await writeTree({ 'a/mandant.json': {}, 'b/mandant.json': {} });
    try {
      const error = await loadError(none.dir);
      expect(error.problems).toEqual([
        expect.objectContaining({
          pointer: '',
          reason: expect.stringMatching(/no mandant has "default": true/),
        }),
      ]);
    } finally {
      await none.remove();
    }
    const two = await writeTree({ 'a/mandant.json': { default: true }, 'b/mandant.json': { default: true } });
    try {
      const error = await loadError(two.dir);
      expect(error.problems.map((problem) => [problem.file, problem.pointer])).toEqual([
        [relative(two.dir, 'a/mandant.json'), '/default'],
        [relative(two.dir, 'b/mandant.json'), '/default'],
      ]);
      // DEFAULT_MANDANT settles it
      expect((await loadMandants(two.dir, { defaultMandant: 'b' })).defaultMandant.id).toBe('b');
      const unknown = await loadError(two.dir, { defaultMandant: 'zeta' });
      expect(unknown.message).toMatch(/DEFAULT_MANDANT names "zeta", but there is no such mandant/);
    } finally {
      await two.remove();
    }
  });

  it('refuses hosts that the localhost mapping already gives a meaning', async () => {
    const tree = await writeTree({
      'a/mandant.json': { default: true, hosts: ['b.localhost'] },
      'b/mandant.json': { hosts: ['localhost'] },
    });
    try {
      const error = await loadError(tree.dir);
      expect(
        error.problems.map((problem) => `${problem.file} ${problem.pointer}: ${problem.reason}`),
      ).toEqual([
        `${relative(tree.dir, 'a/mandant.json')} /hosts/0: host "b.localhost" cannot be claimed: it already names another mandant`,
        `${relative(tree.dir, 'b/mandant.json')} /hosts/0: host "localhost" cannot be claimed: localhost names are mapped automatically`,
      ]);
    } finally {
      await tree.remove();
    }
  });

  it('names a missing mandants folder', async () => {
    const error = await loadError(path.join(INVALID_MANDANTS, 'does-not-exist'));
    expect(error.message).toMatch(/does-not-exist: cannot read the mandants folder/);
  });

  it.each([
    [
      'a mistyped module flag',
      { ModuleErzwingLogin: true },
      '/ModuleErzwingLogin',
      'did you mean "ModuleErzwingeLogin"?',
    ],
    ['a mistyped nested key', { theme: { colours: {} } }, '/theme/colours', 'did you mean "colors"?'],
    ['a mistyped product source', { produktApi: 'agentlist' }, '/produktApi', 'did you mean "agent list"?'],
  ])('suggests the closest valid name for %s (issue 7)', async (_name, config, pointer, hint) => {
    const tree = await writeTree({ 'typo/mandant.json': { default: true, ...config } });
    try {
      const error = await loadError(tree.dir);
      expect(error.problems).toContainEqual(expect.objectContaining({ pointer, hint }));
      expect(error.message).toContain(`(hint: ${hint})`);
    } finally {
      await tree.remove();
    }
  });

  it('suggests the closest block type for a mistyped one', async () => {
    const tree = await writeTree({
      'typo/mandant.json': { default: true },
      'typo/pages/Homepage.json': { blocks: [{ id: 'extra', type: 'Heroo', props: { headline: 'x' } }] },
    });
    try {
      const error = await loadError(tree.dir);
      expect(error.problems).toContainEqual(expect.objectContaining({ hint: 'did you mean "Hero"?' }));
    } finally {
      await tree.remove();
    }
  });

  it('refuses theme colours below WCAG 2.1 AA contrast (issue 7)', async () => {
    const tree = await writeTree({
      'pale/mandant.json': { default: true, theme: { colors: { muted: '#AAAAAA' } } },
    });
    try {
      const error = await loadError(tree.dir);
      expect(error.problems).toContainEqual(
        expect.objectContaining({
          file: relative(tree.dir, 'pale', 'mandant.json'),
          pointer: '/theme/colors/muted',
          reason: expect.stringMatching(
            /muted on background has contrast 2\.3\d:1, WCAG 2\.1 AA needs 4\.5:1/,
          ),
        }),
      );
    } finally {
      await tree.remove();
    }
  });

  it('refuses a page text without a translation in an offered language (issue 7)', async () => {
    const tree = await writeTree({
      'mute/mandant.json': { default: true },
      'mute/pages/Homepage.json': {
        blocks: [{ id: 'extra', type: 'Hero', props: { headline: 'mute.only.german' } }],
      },
      'mute/i18n/de.json': { 'mute.only.german': 'Nur Deutsch' },
    });
    try {
      const error = await loadError(tree.dir);
      expect(error.problems).toContainEqual(
        expect.objectContaining({
          file: relative(tree.dir, 'mute', 'i18n', 'en.json'),
          pointer: '/mute.only.german',
          reason: 'no English text for "mute.only.german" (used on page Homepage)',
        }),
      );
      expect(error.problems.some((problem) => problem.file.endsWith('de.json'))).toBe(false);
    } finally {
      await tree.remove();
    }
  });
});
