import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { ContentFetchError } from '../ContentErrors.ts';
import {
  ASSET_CONTENT_TYPES,
  ASSET_ID_PATTERN,
  type AssetFile,
  type ContentKind,
  type ContentKinds,
  type ContentProvider,
  MAX_ASSET_BYTES,
} from '../ContentProvider.ts';
import type { EmbeddedContent, EmbeddedLanguage } from './readEmbeddedContent.ts';

/**
 * Content from the mandant's folder (mandants/{id}/content/ over _base), read and validated at start. UI
 * texts and languages are the mandant's i18n files, as they always were.
 */
export function embeddedProvider(mandant: LoadedMandant, content: EmbeddedContent): ContentProvider {
  const language = (code: string): EmbeddedLanguage => {
    const found = content.languages.get(code);
    if (!found) throw new ContentFetchError(`embedded content has no language "${code}"`, 404);
    return found;
  };
  const kinds: { [K in ContentKind]: (code: string) => ContentKinds[K] } = {
    entries: (code) => language(code).entries,
    faq: (code) => language(code).faq,
    keyVisuals: (code) => language(code).keyVisuals,
    footnotes: (code) => language(code).footnotes,
    variables: (code) => language(code).variables,
    agencyVariables: (code) => language(code).agencyVariables,
    texts: (code) =>
      Object.fromEntries((mandant.languageContent.get(code) ?? []).map(({ Key, Value }) => [Key, Value])),
    languages: () => mandant.languages,
  };
  return {
    name: 'embedded',
    async fetch(kind, code) {
      return kinds[kind](code);
    },
    async asset(id): Promise<AssetFile> {
      const file = await findAsset(content.assetDirs, id);
      if (!file) throw new ContentFetchError(`embedded asset not found`, 404);
      return file;
    },
  };
}

async function findAsset(dirs: readonly string[], id: string): Promise<AssetFile | undefined> {
  const extension = path.extname(id).slice(1).toLowerCase();
  const contentType = ASSET_CONTENT_TYPES[extension];
  if (!ASSET_ID_PATTERN.test(id) || !contentType) return undefined;
  for (const dir of dirs) {
    const body = await readFile(path.join(dir, id)).catch(() => undefined);
    if (body && body.length <= MAX_ASSET_BYTES) return { contentType, body };
  }
  return undefined;
}

/** Whether content/assets/ (mandant or _base) holds a file of this name (start-up check). */
export async function embeddedAssetExists(content: EmbeddedContent, id: string): Promise<boolean> {
  return (await findAsset(content.assetDirs, id)) !== undefined;
}
