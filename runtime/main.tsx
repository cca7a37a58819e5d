/**
 * Composition root: the only runtime module that imports blocks/ (the block registry). Everything else
 * in runtime/ depends on schemas/ alone; see README.md.
 */
import './theme/base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { blockRegistry } from '../blocks/registry.ts';
import { DEFAULT_LANGUAGE } from '../schemas/constants.ts';
import { FIRST_PAINT_ANSWERS_ELEMENT_ID } from '../schemas/ssr.ts';
import { App } from './App.tsx';
import { configureApi, seedFirstPaintAnswers } from './api/api.ts';
import { backofficeRestoringAtom, backofficeTokenAtom } from './backoffice/backofficeAtoms.ts';
import { readBackofficeToken } from './backoffice/backofficeStorage.ts';
import { createRuntime } from './boot/createRuntime.ts';
import { loadBootData } from './boot/loadBootData.ts';
import { readJsonElement } from './boot/readBootData.ts';
import { bundledDefaults } from './i18n/bundledDefaults.ts';
import { createI18n } from './i18n/createI18n.ts';
import { I18nContext } from './i18n/I18nContext.ts';
import { loadErrorMessages } from './i18n/loadErrorMessages.ts';
import { ErrorPage } from './page/ErrorPage.tsx';
import { splitFirstSegment } from './router/localePath.ts';
import { lookupToken } from './session/lookupToken.ts';
import {
  agencyTokenAtom,
  rewardTokenAtom,
  sessionRestoringAtom,
  userTokenAtom,
} from './session/sessionAtoms.ts';
import { readLocalToken, readStoredToken, readTokenCookie } from './session/storedToken.ts';
import { languageAtom } from './state/atoms.ts';
import { applyFavicon, applyTheme } from './theme/applyTheme.ts';
import { assetUrl } from './theme/assetUrl.ts';

async function start(container: HTMLElement): Promise<void> {
  document.body.dataset.pageReady = 'false';
  const boot = await loadBootData();
  const { config, store, i18n, languageLoader } = await createRuntime(boot, {
    cookies: document.cookie,
    now: Date.now(),
  });
  configureApi({
    mandantId: config.mandantId,
    getLanguage: () => store.get(languageAtom),
    auth: {
      token: () =>
        lookupToken({
          userToken: store.get(userTokenAtom),
          agencyToken: store.get(agencyTokenAtom),
          cookieToken: readTokenCookie(),
          storedToken: readLocalToken(),
        }),
      rewardToken: () => store.get(rewardTokenAtom),
      agencyToken: () => store.get(agencyTokenAtom),
      backofficeToken: () => store.get(backofficeTokenAtom),
      // Only ever after an API call, so its code loads with the client, not before first paint.
      onSessionEnd: () => {
        void import('./session/clearSession.ts').then(({ endAllSessions }) => endAllSessions(store));
      },
      onBackofficeSessionEnd: () => {
        void import('./backoffice/clearBackofficeSession.ts').then(({ clearBackofficeSession }) =>
          clearBackofficeSession(store),
        );
      },
    },
    // Error texts can only be needed once an API call fails, so they load with the API client.
    onFirstUse: () => loadErrorMessages(i18n),
  });

  // The server rendered this page as a guest would see it (docs/adr/0019): the browser hydrates that
  // markup with the same state, and only then looks at a stored session.
  const serverRendered = container.dataset.firstPaint === 'server';
  const storedToken = readStoredToken();
  // Guards wait for the restore instead of sending a returning user to the login page.
  if (storedToken && !serverRendered) store.set(sessionRestoringAtom, true);
  // This tab's back-office session (sessionStorage, ADR 0022); back-office pages are never server-rendered.
  const backofficeToken = readBackofficeToken();
  if (backofficeToken) store.set(backofficeRestoringAtom, true);

  applyTheme(config.mandant.theme);
  const favicon = config.mandant.theme?.favicon;
  if (favicon) applyFavicon(assetUrl(config.mandantId, favicon));
  document.documentElement.lang = config.language;

  const app = (
    <StrictMode>
      <App store={store} i18n={i18n} languageLoader={languageLoader} registry={blockRegistry} />
    </StrictMode>
  );
  if (serverRendered) {
    seedFirstPaintAnswers(readJsonElement(document, FIRST_PAINT_ANSWERS_ELEMENT_ID) ?? {});
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('The first paint could not be hydrated as sent', error),
    });
  } else {
    createRoot(container).render(app);
  }

  // The session comes back after first paint (after hydration, on a server-rendered page): its code and
  // the API client are not on the first-paint path.
  if (storedToken) {
    const restore = () =>
      import('./session/sessionActions.ts')
        .then(({ restoreSession }) => {
          store.set(sessionRestoringAtom, true);
          return restoreSession(store, storedToken, { autologin: config.mandant.IsAutologin === true });
        })
        .catch((error: unknown) => {
          console.error('The session could not be restored', error);
          store.set(sessionRestoringAtom, false);
        });
    if (serverRendered) whenPageReady(restore);
    else requestAnimationFrame(() => setTimeout(restore, 0));
  }
  if (backofficeToken) {
    const restoreBackoffice = () =>
      import('./backoffice/backofficeActions.ts')
        .then(({ restoreBackofficeSession }) => restoreBackofficeSession(store, backofficeToken))
        .catch((error: unknown) => {
          console.error('The back-office session could not be restored', error);
          store.set(backofficeRestoringAtom, false);
        });
    if (serverRendered) whenPageReady(restoreBackoffice);
    else requestAnimationFrame(() => setTimeout(restoreBackoffice, 0));
  }
}

/** Runs `then` once every block of the page has settled (body[data-page-ready] leaves "false"). */
function whenPageReady(then: () => void): void {
  if (document.body.dataset.pageReady !== 'false') {
    then();
    return;
  }
  const observer = new MutationObserver(() => {
    if (document.body.dataset.pageReady === 'false') return;
    observer.disconnect();
    then();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['data-page-ready'] });
}

async function showBootFailure(container: HTMLElement, error: unknown): Promise<void> {
  console.error('The runtime could not start', error);
  const { first } = splitFirstSegment(window.location.pathname);
  const language = first === 'en' ? 'en' : DEFAULT_LANGUAGE;
  const i18n = createI18n({
    language,
    fallbackLanguage: DEFAULT_LANGUAGE,
    resources: { [language]: await bundledDefaults(language) },
  });
  createRoot(container).render(
    <I18nContext.Provider value={i18n}>
      <ErrorPage error={error} onRetry={() => window.location.reload()} />
    </I18nContext.Provider>,
  );
  document.body.dataset.pageReady = 'error';
}

const container = document.getElementById('root');
if (container) {
  start(container).catch((error: unknown) => showBootFailure(container, error));
}
