import path from 'node:path';
import { configTextVariables } from '../../../domain/textVariables.ts';
import { promiseRules } from '../../mandants/checks/mandantChecks.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { ProblemList } from '../../mandants/ProblemList.ts';
import { footnoteIndex, type ResolveContext, resolveDocument, resolveText } from '../resolveContent.ts';
import { contentTexts } from './contentTexts.ts';
import { embeddedAssetExists } from './embeddedProvider.ts';
import {
  CONTENT_FOLDER,
  type EmbeddedContent,
  type EmbeddedLanguage,
  readEmbeddedContent,
} from './readEmbeddedContent.ts';

export interface EmbeddedContentCheckOptions {
  /**
   * Also the go-live checks (issue 18): texts that promise a split the form does not offer, a choice of
   * split where there is none, or an amount in a text inherited from _base (promiseRules). `validate`, the
   * data test and a start with MANDANT_CHECKS=go-live run them.
   */
  goLive?: boolean;
}

/**
 * The mandant's embedded content (mandants/ID/content/ over _base's), read and checked: what the server
 * start serves and what `npm run mandant -- validate` checks are the same (issue 18: one validator).
 */
export async function loadEmbeddedContent(
  mandant: LoadedMandant,
  baseDir: string,
  problems: ProblemList,
  options: EmbeddedContentCheckOptions = {},
): Promise<EmbeddedContent> {
  const content = await readEmbeddedContent(
    mandant.dir,
    baseDir,
    mandant.config.SupportedLanguage.Sprache,
    problems,
  );
  await checkEmbeddedContent(mandant, content, problems, options);
  return content;
}

/**
 * What the schema cannot see: every content block on the mandant's pages finds its entry, key visual or
 * FAQ in every offered language, and every {{variable}}, footnote link, route link and image inside the
 * content exists. Embedded content is the mandant's own data, so a gap stops the start (like a broken
 * mandant file) instead of showing up as a hole on a page. Texts are resolved as MandantContent resolves
 * them: the configuration's text variables (domain/textVariables.ts) beneath the content's own.
 */
export async function checkEmbeddedContent(
  mandant: LoadedMandant,
  content: EmbeddedContent,
  problems: ProblemList,
  options: EmbeddedContentCheckOptions = {},
): Promise<void> {
  const routes = new Set([
    ...Object.keys(mandant.config.routes),
    ...mandant.config.additionalRoutes.map((entry) => entry.RouteName),
  ]);
  for (const [language, texts] of content.languages) {
    const folder = path.join(mandant.dir, CONTENT_FOLDER, language);
    checkPages(mandant, texts, folder, problems);
    const variables = { ...configTextVariables(mandant.config), ...texts.variables };
    if (options.goLive) checkPromises(mandant, language, texts, variables, problems);
    /** The file and JSON pointer of an item (`entry:ID`, `faq:ID`, …), for its problems. */
    const at = (key: string) => ({
      file: texts.origins.get(key)?.file ?? texts.files.get(key) ?? folder,
      pointer: texts.origins.get(key)?.pointer ?? '',
    });
    const context = ({ file, pointer }: { file: string; pointer: string }, what: string): ResolveContext => ({
      variables,
      footnotes: footnoteIndex(texts.footnotes),
      routes,
      assetUrl: (id) => id,
      report: (problem) => {
        const reason = {
          variable: `{{${problem.name}}} is not defined in variables.json`,
          footnote: `footnote "${problem.name}" is not in footnotes.json`,
          route: `route "${problem.name}" is not a route of this mandant`,
          link: `link "${problem.name}" is not a footnote:, route: or variable: link`,
          asset: `asset "${problem.name}" is not a file name`,
        }[problem.kind];
        problems.add(file, pointer, `${what}: ${reason}`);
      },
    });
    for (const [id, entry] of Object.entries(texts.entries)) {
      const where = at(`entry:${id}`);
      const resolving = context(where, `entry "${id}"`);
      resolveText(entry.title, resolving);
      const { links } = resolveDocument(entry.body, resolving);
      await checkAssets(Object.keys(links.assets), content, where.file, problems);
    }
    for (const item of texts.faq.items) {
      const where = at(`faq:${item.id}`);
      const resolving = context(where, `FAQ item "${item.id}"`);
      resolveText(item.question, resolving);
      resolveDocument(item.answer, resolving);
      if (!texts.faq.categories.some((category) => category.id === item.category)) {
        problems.add(
          where.file,
          where.pointer && `${where.pointer}/category`,
          `FAQ item "${item.id}": category "${item.category}" does not exist`,
        );
      }
    }
    for (const [id, visual] of Object.entries(texts.keyVisuals)) {
      const where = at(`keyvisual:${id}`);
      const resolving = context(where, `key visual "${id}"`);
      for (const text of [visual.headline, visual.text, visual.cta?.label])
        if (text) resolveText(text, resolving);
      if (visual.cta && !routes.has(visual.cta.route)) {
        problems.add(
          where.file,
          `${where.pointer}/cta/route`,
          `route "${visual.cta.route}" is not a route of this mandant`,
        );
      }
      if (visual.image)
        await checkAssets([visual.image], content, where.file, problems, `${where.pointer}/image`);
    }
    for (const footnote of texts.footnotes) {
      const resolving = context(at(`footnote:${footnote.Identifier}`), `footnote "${footnote.Identifier}"`);
      resolveText(footnote.Titel, resolving);
      resolveText(footnote.Inhalt, resolving);
    }
  }
}

/**
 * promiseRules over every content text, with the configuration's and the content's variables filled in.
 * A text the mandant inherits is reported in _base's file; the hint names where the mandant overrides it.
 */
function checkPromises(
  mandant: LoadedMandant,
  language: string,
  texts: EmbeddedLanguage,
  variables: Readonly<Record<string, string>>,
  problems: ProblemList,
): void {
  const check = promiseRules(mandant.config, variables);
  for (const text of contentTexts(texts)) {
    const overrideIn = text.inherited ? overrideFile(mandant, language, text.file) : undefined;
    for (const problem of check({ ...text, ...(overrideIn ? { overrideIn } : {}) }))
      problems.add(problem.file, problem.pointer, problem.reason, undefined, problem.hint, mandant.id);
  }
}

/** Where a mandant puts its own version of a _base content file: the same name in its content folder. */
function overrideFile(mandant: LoadedMandant, language: string, baseFile: string): string {
  const name = path.basename(baseFile);
  const entry = path.basename(path.dirname(baseFile)) === 'entries';
  const file = `${mandant.id}/${CONTENT_FOLDER}/${language}/${entry ? `entries/${name}` : name}`;
  return entry ? file : `${file} (the same id)`;
}

/** Content blocks on the pages and what they need (block types from schemas/blocks). */
function checkPages(
  mandant: LoadedMandant,
  texts: EmbeddedLanguage,
  folder: string,
  problems: ProblemList,
): void {
  for (const [routeName, page] of Object.entries(mandant.pages)) {
    (page.blocks ?? []).forEach((block) => {
      const props = (block.props ?? {}) as Record<string, unknown>;
      const where = `page ${routeName}, block "${block.id}"`;
      if (block.type === 'ContentPage' && typeof props.entry === 'string' && !texts.entries[props.entry]) {
        problems.add(
          path.join(folder, 'entries', `${props.entry}.json`),
          '',
          `missing: ${where} shows content entry "${props.entry}"`,
          undefined,
          'add the file here or in mandants/_base/content/',
        );
      }
      if (block.type === 'KeyVisual' && typeof props.visual === 'string' && !texts.keyVisuals[props.visual]) {
        problems.add(
          path.join(folder, 'keyvisuals.json'),
          `/keyVisuals/${props.visual}`,
          `missing: ${where} shows it`,
        );
      }
      if (block.type === 'Faq' && texts.faq.items.length === 0) {
        problems.add(
          path.join(folder, 'faq.json'),
          '',
          `missing: ${where} shows the FAQ, but it has no items`,
        );
      }
    });
  }
}

async function checkAssets(
  ids: string[],
  content: EmbeddedContent,
  file: string,
  problems: ProblemList,
  pointer = '',
): Promise<void> {
  for (const id of ids) {
    if (!(await embeddedAssetExists(content, id))) {
      problems.add(file, pointer, `image "${id}" is not in content/assets/ (of the mandant or _base)`);
    }
  }
}
