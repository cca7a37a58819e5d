import path from 'node:path';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { ProblemList } from '../../mandants/ProblemList.ts';
import { footnoteIndex, type ResolveContext, resolveDocument, resolveText } from '../resolveContent.ts';
import { embeddedAssetExists } from './embeddedProvider.ts';
import { CONTENT_FOLDER, type EmbeddedContent, type EmbeddedLanguage } from './readEmbeddedContent.ts';

/**
 * What the schema cannot see: every content block on the mandant's pages finds its entry, key visual or
 * FAQ in every offered language, and every {{variable}}, footnote link, route link and image inside the
 * content exists. Embedded content is the mandant's own data, so a gap stops the start (like a broken
 * mandant file) instead of showing up as a hole on a page.
 */
export async function checkEmbeddedContent(
  mandant: LoadedMandant,
  content: EmbeddedContent,
  problems: ProblemList,
): Promise<void> {
  const routes = new Set([
    ...Object.keys(mandant.config.routes),
    ...mandant.config.additionalRoutes.map((entry) => entry.RouteName),
  ]);
  for (const [language, texts] of content.languages) {
    const folder = path.join(mandant.dir, CONTENT_FOLDER, language);
    checkPages(mandant, texts, folder, problems);
    const at = (key: string) => texts.files.get(key) ?? folder;
    const context = (file: string, what: string): ResolveContext => ({
      variables: texts.variables,
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
        problems.add(file, '', `${what}: ${reason}`);
      },
    });
    for (const [id, entry] of Object.entries(texts.entries)) {
      const file = at(`entry:${id}`);
      const resolving = context(file, `entry "${id}"`);
      resolveText(entry.title, resolving);
      const { links } = resolveDocument(entry.body, resolving);
      await checkAssets(Object.keys(links.assets), content, file, problems);
    }
    for (const item of texts.faq.items) {
      const resolving = context(at('faq'), `FAQ item "${item.id}"`);
      resolveText(item.question, resolving);
      resolveDocument(item.answer, resolving);
      if (!texts.faq.categories.some((category) => category.id === item.category)) {
        problems.add(at('faq'), '', `FAQ item "${item.id}": category "${item.category}" does not exist`);
      }
    }
    const visuals = path.join(folder, 'keyvisuals.json');
    for (const [id, visual] of Object.entries(texts.keyVisuals)) {
      const resolving = context(visuals, `key visual "${id}"`);
      for (const text of [visual.headline, visual.text, visual.cta?.label])
        if (text) resolveText(text, resolving);
      if (visual.cta && !routes.has(visual.cta.route)) {
        problems.add(
          visuals,
          `/keyVisuals/${id}/cta/route`,
          `route "${visual.cta.route}" is not a route of this mandant`,
        );
      }
      if (visual.image)
        await checkAssets([visual.image], content, visuals, problems, `/keyVisuals/${id}/image`);
    }
    const notes = path.join(folder, 'footnotes.json');
    for (const footnote of texts.footnotes) {
      const resolving = context(notes, `footnote "${footnote.Identifier}"`);
      resolveText(footnote.Titel, resolving);
      resolveText(footnote.Inhalt, resolving);
    }
  }
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
