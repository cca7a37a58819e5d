import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { PageFile } from '../../domain/merge.ts';
import { createRuntimeConfig } from '../../runtime/boot/createRuntimeConfig.ts';
import { createI18n } from '../../runtime/i18n/createI18n.ts';
import { createLanguageLoader, type LanguageLoader } from '../../runtime/i18n/createLanguageLoader.ts';
import de from '../../runtime/i18n/de.json';
import { mergeLanguageContent } from '../../runtime/i18n/mergeLanguageContent.ts';
import { RuntimeProviders } from '../../runtime/RuntimeProviders.tsx';
import { MemoryRouter } from '../../runtime/router/navigation/index.ts';
import { createRuntimeStore, type RuntimeStore } from '../../runtime/state/createRuntimeStore.ts';
import type { BootData, MandantResponse } from '../../schemas/api.ts';

/** A mandant as the server would send it, trimmed to what the runtime reads. */
export function sampleMandant(pages: Record<string, PageFile> = {}): MandantResponse {
  return {
    id: 'demo',
    name: 'Demo Freunde werben',
    theme: { colors: { primary: '#123456' }, logo: { src: 'logo.svg', width: 120, height: 30 } },
    pages,
  } as MandantResponse;
}

export function sampleBootData(overrides: Partial<BootData> = {}): BootData {
  return {
    mandantId: 'demo',
    mandant: sampleMandant({
      Homepage: {
        title: 'pages.Homepage.title',
        blocks: [
          { id: 'intro', type: 'TextSection', props: { headline: 'home.title', level: 1, paragraphs: [] } },
        ],
      },
      Faq: {
        title: 'pages.Faq.title',
        blocks: [
          { id: 'faq', type: 'TextSection', props: { headline: 'faq.title', level: 1, paragraphs: [] } },
        ],
      },
      Recommendation: {
        blocks: [
          { id: 'rec', type: 'TextSection', props: { headline: 'rec.title', level: 1, paragraphs: [] } },
        ],
      },
    }),
    routes: {
      SupportedLanguage: { Sprache: ['de', 'en'], Standard: 'de' },
      Routes: {
        Homepage: '/',
        Faq: '/faq',
        Imprint: '/impressum',
        Privacy: '/datenschutz',
        Recommendation: '/empfehlen/{productId}',
        Code: '/code',
      },
    },
    additionalRoutes: [{ Route: '/fragen', RouteName: 'Faq' }],
    languages: [
      { Key: 'de', Value: 'Deutsch' },
      { Key: 'en', Value: 'English' },
    ],
    language: 'de',
    languageContent: [
      { Key: 'home.title', Value: 'Willkommen bei Demo' },
      { Key: 'faq.title', Value: 'Fragen und Antworten' },
      { Key: 'rec.title', Value: 'Jetzt empfehlen' },
    ],
    ...overrides,
  };
}

export interface RenderRuntimeOptions {
  boot?: BootData;
  url?: string;
  fetchContent?: (language: string) => Promise<{ Key: string; Value: string }[]>;
  /** Runs on the fresh store before the first render (e.g. a session that already exists). */
  prepare?: (store: RuntimeStore) => void;
}

/** Renders `children` inside the runtime's providers and a memory router, as the App does in the browser. */
export function renderInRuntime(children: ReactNode, options: RenderRuntimeOptions = {}) {
  const config = createRuntimeConfig(options.boot ?? sampleBootData());
  const store = createRuntimeStore(config);
  options.prepare?.(store);
  const i18n = createI18n({
    language: config.language,
    fallbackLanguage: config.defaultLanguage,
    resources: { [config.language]: mergeLanguageContent(de, config.languageContent) },
  });
  const languageLoader: LanguageLoader = createLanguageLoader({
    i18n,
    loaded: [config.language],
    fetchContent: options.fetchContent ?? (async () => []),
  });
  const result = render(
    <RuntimeProviders store={store} i18n={i18n} languageLoader={languageLoader}>
      <MemoryRouter initialEntries={[options.url ?? '/de']}>{children}</MemoryRouter>
    </RuntimeProviders>,
  );
  return { ...result, store, i18n, config };
}
