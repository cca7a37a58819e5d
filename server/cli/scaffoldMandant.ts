import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageFile } from '../../domain/merge.ts';
import { blockPropsSchemas, isBlockType } from '../../schemas/blocks/index.ts';
import { collectTextKeys } from '../../schemas/blocks/textKeys.ts';

export const MANDANT_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * `npm run mandant -- new NAME`: a mandant folder that inherits everything from _base and only holds what
 * each client must say itself — its name, the content variables _base leaves as placeholders (company,
 * privacy controller, support address … used by the legal pages) and any `mandant.*` texts the _base pages
 * use, pre-filled with visible placeholders in every language _base offers.
 */
export async function scaffoldMandant(mandantsDir: string, id: string): Promise<string[]> {
  if (!MANDANT_ID.test(id)) {
    throw new Error(
      `"${id}" cannot be a mandant id: use lower-case letters, digits and "-" (it becomes ${id}.localhost)`,
    );
  }
  const dir = path.join(mandantsDir, id);
  if (
    await readdir(dir).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${dir} exists already`);

  const base = path.join(mandantsDir, '_base');
  const languages = await baseLanguages(base);
  const ownKeys = [...(await basePageKeys(base))].filter((key) => key.startsWith('mandant.')).sort();
  const written: string[] = [];
  const write = async (file: string, value: unknown) => {
    const target = path.join(dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify(value, null, 2)}\n`, { flag: 'wx' });
    written.push(path.relative(process.cwd(), target));
  };
  await write('mandant.json', {
    $schema: '../../schemas/mandant.schema.json',
    name: id,
    hosts: [],
  });
  for (const language of languages) {
    const placeholder = language === 'de' ? 'Bitte ausfüllen' : 'Please fill in';
    if (ownKeys.length > 0) {
      await write(
        `i18n/${language}.json`,
        Object.fromEntries(ownKeys.map((key) => [key, `[${placeholder}: ${key}]`])),
      );
    }
    const variables = [...(await basePlaceholderVariables(base, language)), SUPPORT_EMAIL_VARIABLE];
    await write(`content/${language}/variables.json`, {
      $schema: '../../../../schemas/content.schema.json',
      variables: Object.fromEntries(variables.map((name) => [name, `[${placeholder}: ${name}]`])),
    });
  }
  await mkdir(path.join(dir, 'pages'), { recursive: true });
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  return written;
}

/** Where contact form messages go (server/contact/); every client has its own. */
const SUPPORT_EMAIL_VARIABLE = 'support.email';

/** The content variables _base only fills with a visible placeholder: each client must set them. */
async function basePlaceholderVariables(base: string, language: string): Promise<string[]> {
  const file = path.join(base, 'content', language, 'variables.json');
  const content = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as { variables?: Record<string, string> },
    () => ({ variables: {} }),
  );
  return Object.entries(content.variables ?? {})
    .filter(([, value]) => typeof value === 'string' && value.startsWith('['))
    .map(([name]) => name)
    .filter((name) => name !== SUPPORT_EMAIL_VARIABLE);
}

async function baseLanguages(base: string): Promise<string[]> {
  const config = JSON.parse(await readFile(path.join(base, 'mandant.json'), 'utf8')) as {
    SupportedLanguage?: { Sprache?: string[] };
  };
  return config.SupportedLanguage?.Sprache ?? ['de', 'en'];
}

async function basePageKeys(base: string): Promise<Set<string>> {
  const keys = new Set<string>();
  const pagesDir = path.join(base, 'pages');
  for (const file of await readdir(pagesDir).catch(() => [] as string[])) {
    if (!file.endsWith('.json')) continue;
    const page = JSON.parse(await readFile(path.join(pagesDir, file), 'utf8')) as PageFile;
    if (page.title) keys.add(page.title);
    for (const block of page.blocks ?? []) {
      if (block.type && isBlockType(block.type)) {
        for (const key of collectTextKeys(blockPropsSchemas[block.type], block.props)) keys.add(key);
      }
    }
  }
  return keys;
}
