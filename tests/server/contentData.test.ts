import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEmbeddedContent } from '../../server/content/embedded/checkEmbeddedContent.ts';
import { readEmbeddedContent } from '../../server/content/embedded/readEmbeddedContent.ts';
import { loadMandants } from '../../server/mandants/loadMandants.ts';
import { formatProblem } from '../../server/mandants/MandantConfigError.ts';
import { ProblemList } from '../../server/mandants/ProblemList.ts';

/**
 * Embedded content is data of the mandant, checked at start like the rest of it: every file against
 * schemas/content.schema.json, and everything a page or a text refers to must exist. The repository's
 * mandants pass; each kind of broken content is reported with its file.
 */
const REPO_MANDANTS = path.resolve(import.meta.dirname, '../../mandants');

async function contentProblems(dir: string): Promise<string[]> {
  const registry = await loadMandants(dir, { cwd: dir });
  const problems = new ProblemList(dir);
  for (const mandant of registry.all()) {
    const content = await readEmbeddedContent(
      mandant.dir,
      path.join(dir, '_base'),
      mandant.config.SupportedLanguage.Sprache,
      problems,
    );
    await checkEmbeddedContent(mandant, content, problems);
  }
  return problems.size === 0 ? [] : problems.toError().problems.map(formatProblem);
}

let scratch: string | undefined;
afterEach(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A copy of the repository's mandants with one file changed. */
async function withChange(file: string, change: (json: Record<string, unknown>) => void): Promise<string> {
  scratch = await mkdtemp(path.join(tmpdir(), 'content-data-'));
  const dir = path.join(scratch, 'mandants');
  await cp(REPO_MANDANTS, dir, { recursive: true });
  const target = path.join(dir, file);
  const json = JSON.parse(await readFile(target, 'utf8').catch(() => '{}')) as Record<string, unknown>;
  change(json);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(json));
  return dir;
}

const paragraph = (value: string) => ({
  nodeType: 'document',
  content: [{ nodeType: 'paragraph', content: [{ nodeType: 'text', value }] }],
});

describe('embedded content of the repository', () => {
  it('is valid and complete for every mandant and language', async () => {
    expect(await contentProblems(REPO_MANDANTS)).toEqual([]);
  });
});

describe('the content checks catch broken content', () => {
  it.each([
    [
      'a node type the schema does not know',
      'telko/content/de/entries/imprint.json',
      (json: Record<string, unknown>) => {
        json.title = 'Impressum';
        json.body = { nodeType: 'document', content: [{ nodeType: 'script', content: [] }] };
      },
      /telko\/content\/de\/entries\/imprint\.json \/body\/content\/0\/nodeType: must be one of/,
    ],
    [
      'an undefined variable',
      'telko/content/de/entries/imprint.json',
      (json: Record<string, unknown>) => {
        json.title = 'Impressum';
        json.body = paragraph('Firma: {{firma.gibtsnicht}}');
      },
      /imprint\.json: entry "imprint": \{\{firma\.gibtsnicht\}\} is not defined in variables\.json/,
    ],
    [
      'a link to a footnote that does not exist',
      'telko/content/en/entries/privacy.json',
      (json: Record<string, unknown>) => {
        json.title = 'Privacy';
        json.body = {
          nodeType: 'document',
          content: [
            {
              nodeType: 'paragraph',
              content: [
                {
                  nodeType: 'embedded-entry-inline',
                  data: { target: { sys: { type: 'Link', linkType: 'Entry', id: 'footnote:fehlt' } } },
                },
              ],
            },
          ],
        };
      },
      /privacy\.json: entry "privacy": footnote "fehlt" is not in footnotes\.json/,
    ],
    [
      'a page showing an entry that does not exist',
      'telko/pages/Privacy.json',
      (json: Record<string, unknown>) => {
        json.blocks = [{ id: 'content', props: { entry: 'datenschutz-alt' } }];
      },
      /telko\/content\/de\/entries\/datenschutz-alt\.json: missing: page Privacy, block "content" shows content entry "datenschutz-alt"/,
    ],
    [
      'a key visual whose image is missing',
      'versicherung/content/en/keyvisuals.json',
      (json: Record<string, unknown>) => {
        json.keyVisuals = { home: { headline: 'Hello', image: 'missing.png', imageAlt: 'x' } };
      },
      /keyvisuals\.json \/keyVisuals\/home\/image: image "missing\.png" is not in content\/assets\//,
    ],
    [
      'an FAQ item in a category that does not exist',
      'versicherung/content/de/faq.json',
      (json: Record<string, unknown>) => {
        json.categories = [];
        json.items = [{ id: 'neu', category: 'nirgends', question: 'Frage?', answer: paragraph('Antwort') }];
      },
      /FAQ item "neu": category "nirgends" does not exist/,
    ],
  ])('%s', async (_case, file, change, expected) => {
    const problems = await contentProblems(await withChange(file, change));
    expect(
      problems.some((problem) => expected.test(problem)),
      problems.join('\n'),
    ).toBe(true);
  });
});
