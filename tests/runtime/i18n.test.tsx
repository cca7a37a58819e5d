import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configTextVariables } from '../../domain/textVariables.ts';
import { createI18n } from '../../runtime/i18n/createI18n.ts';
import { createLanguageLoader } from '../../runtime/i18n/createLanguageLoader.ts';
import de from '../../runtime/i18n/de.json';
import en from '../../runtime/i18n/en.json';
import { I18nContext } from '../../runtime/i18n/I18nContext.ts';
import { errorKey, loadErrorMessages } from '../../runtime/i18n/loadErrorMessages.ts';
import { mergeLanguageContent } from '../../runtime/i18n/mergeLanguageContent.ts';
import { useT } from '../../runtime/i18n/useT.ts';
import { ERRORS } from '../../schemas/errors.ts';

describe('mergeLanguageContent', () => {
  it('lets server content win over bundled defaults and adds new keys', () => {
    const merged = mergeLanguageContent({ 'runtime.skipLink': 'Zum Inhalt', 'a.b': 'alt' }, [
      { Key: 'a.b', Value: 'neu' },
      { Key: 'home.hero.title', Value: 'Willkommen' },
    ]);
    expect(merged).toEqual({
      'runtime.skipLink': 'Zum Inhalt',
      'a.b': 'neu',
      'home.hero.title': 'Willkommen',
    });
  });

  it('ignores malformed entries and does not change the defaults object', () => {
    const defaults = { x: '1' };
    const merged = mergeLanguageContent(defaults, [
      { Key: '', Value: 'leer' },
      { Key: 'x', Value: 2 as unknown as string },
      { Key: 'y', Value: '' },
    ]);
    expect(merged).toEqual({ x: '1', y: '' });
    expect(defaults).toEqual({ x: '1' });
  });
});

describe('bundled defaults', () => {
  it('have the same keys in German and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
  });

  it('use SPEC wording for the 404 headline', () => {
    expect(de['blocks.notFound.headline']).toBe('404 - Datei nicht gefunden');
  });
});

describe('createI18n', () => {
  it('treats dotted keys as flat keys (keySeparator: false) and interpolates without HTML escaping', () => {
    const i18n = createI18n({
      language: 'de',
      fallbackLanguage: 'de',
      resources: { de: { 'home.hero.title': 'Hallo <b>{{name}}</b>', home: 'nicht gemeint' } },
    });
    expect(i18n.t('home.hero.title', { name: 'A & B' })).toBe('Hallo <b>A & B</b>');
  });

  it("fills in the mandant's configured numbers in every text (issue 18: texts take them from the configuration)", () => {
    const variables = configTextVariables({ RecommenderDefaultShare: '50', MaxEmpfaengerPraemieCent: 1250 });
    const i18n = createI18n({
      language: 'de',
      fallbackLanguage: 'de',
      resources: {
        de: {
          split: 'Sie teilen {{anteilEmpfehler}}:{{anteilEmpfaenger}}, höchstens {{maxEmpfaengerPraemie}}.',
        },
      },
      variables,
    });
    expect(i18n.t('split')).toBe('Sie teilen 50:50, höchstens 12,50\u00a0€.');
    expect(configTextVariables({ RecommenderDefaultShare: '100', MaxEmpfaengerPraemieCent: 0 })).toEqual({
      anteilEmpfehler: '100',
      anteilEmpfaenger: '0',
    });
  });

  it('falls back to the default language for keys missing in the current one', () => {
    const i18n = createI18n({
      language: 'en',
      fallbackLanguage: 'de',
      resources: { de: { only: 'nur deutsch' }, en: { both: 'english' } },
    });
    expect(i18n.t('both')).toBe('english');
    expect(i18n.t('only')).toBe('nur deutsch');
  });
});

describe('language loader', () => {
  it('loads bundled defaults and server content of a new language, then switches to it', async () => {
    const i18n = createI18n({ language: 'de', fallbackLanguage: 'de', resources: { de } });
    const fetchContent = vi.fn(async () => [{ Key: 'runtime.skipLink', Value: 'Jump to content' }]);
    const loader = createLanguageLoader({ i18n, loaded: ['de'], fetchContent });
    await loader.activate('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('runtime.skipLink')).toBe('Jump to content');
    expect(i18n.t('blocks.notFound.headline')).toBe('404 - File not found');
    await loader.activate('de');
    await loader.activate('en');
    expect(fetchContent).toHaveBeenCalledTimes(1);
  });

  it('keeps the bundled strings when the content call fails', async () => {
    const i18n = createI18n({ language: 'de', fallbackLanguage: 'de', resources: { de } });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const loader = createLanguageLoader({
      i18n,
      loaded: ['de'],
      fetchContent: () => Promise.reject(new Error('offline')),
    });
    await loader.activate('en');
    expect(i18n.t('runtime.skipLink')).toBe('Skip to content');
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('ends on the language asked for last when switches overlap', async () => {
    const i18n = createI18n({ language: 'de', fallbackLanguage: 'de', resources: { de } });
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const loader = createLanguageLoader({
      i18n,
      loaded: ['de'],
      fetchContent: async () => {
        await slow;
        return [];
      },
    });
    const toEnglish = loader.activate('en');
    await loader.activate('de');
    release();
    await toEnglish;
    expect(i18n.language).toBe('de');
  });
});

describe('error messages', () => {
  it('come from the error catalogue by code, in both languages', async () => {
    const i18n = createI18n({ language: 'de', fallbackLanguage: 'de', resources: { de } });
    await loadErrorMessages(i18n);
    expect(i18n.t(errorKey('PSOF0309'))).toBe('Diese Empfehlung ist leider nicht mehr möglich');
    expect(i18n.t(errorKey('PSOF0002'), { lng: 'en' })).toBe(ERRORS.PSOF0002.en);
  });

  it('do not overwrite a mandant’s own wording', async () => {
    const i18n = createI18n({
      language: 'de',
      fallbackLanguage: 'de',
      resources: { de: { ...de, [errorKey('PSOF0001')]: 'Eigener Text' } },
    });
    await loadErrorMessages(i18n);
    expect(i18n.t(errorKey('PSOF0001'))).toBe('Eigener Text');
  });
});

describe('useT (our own binding instead of react-i18next)', () => {
  function Greeting() {
    const t = useT();
    return <p>{t('hello')}</p>;
  }

  it('re-renders when content arrives and when the language changes', async () => {
    const i18n = createI18n({
      language: 'de',
      fallbackLanguage: 'de',
      resources: { de: { hello: 'Hallo' } },
    });
    render(
      <I18nContext.Provider value={i18n}>
        <Greeting />
      </I18nContext.Provider>,
    );
    expect(screen.getByText('Hallo')).toBeTruthy();
    act(() => i18n.addResourceBundle('de', 'translation', { hello: 'Moin' }, true, true));
    expect(screen.getByText('Moin')).toBeTruthy();
    await act(async () => {
      i18n.addResourceBundle('en', 'translation', { hello: 'Hello' }, true, true);
      await i18n.changeLanguage('en');
    });
    expect(screen.getByText('Hello')).toBeTruthy();
  });

  it('says where it is missing its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Greeting />)).toThrow(/I18nContext/);
    vi.restoreAllMocks();
  });
});
