import type { TFunction } from 'i18next';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useI18n } from './I18nContext.ts';
import { i18nVersion, subscribeI18n } from './subscribeI18n.ts';

/** Re-renders when the language or its content changes; returns the change counter. */
function useI18nVersion(): number {
  const instance = useI18n();
  const subscribe = useCallback((listener: () => void) => subscribeI18n(instance, listener), [instance]);
  const snapshot = useCallback(() => i18nVersion(instance), [instance]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The translate function of the current language; re-renders when the language or its content changes. */
export function useT(): TFunction {
  const instance = useI18n();
  const version = useI18nVersion();
  // A new function per change, so memoised children and effects that depend on `t` see the new texts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reason to rebind
  return useMemo(() => instance.t.bind(instance), [instance, version]);
}

/** The language whose texts are active in i18next (follows the URL's locale once its content is loaded). */
export function useI18nLanguage(): string {
  const instance = useI18n();
  useI18nVersion();
  return instance.language;
}
