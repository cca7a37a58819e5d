import type { i18n } from 'i18next';

interface Watch {
  version: number;
  listeners: Set<() => void>;
}

const watches = new WeakMap<i18n, Watch>();

function watchOf(instance: i18n): Watch {
  let watch = watches.get(instance);
  if (!watch) {
    const created: Watch = { version: 0, listeners: new Set() };
    const bump = () => {
      created.version += 1;
      for (const listener of created.listeners) listener();
    };
    // A language switch and content arriving later (addResourceBundle fires `added`) both change what
    // `t` returns; one listener per instance, however many components read it.
    instance.on('languageChanged', bump);
    instance.store.on('added', bump);
    watch = created;
    watches.set(instance, watch);
  }
  return watch;
}

/** For useSyncExternalStore: subscribe to changes of the translations on screen. */
export function subscribeI18n(instance: i18n, listener: () => void): () => void {
  const watch = watchOf(instance);
  watch.listeners.add(listener);
  return () => watch.listeners.delete(listener);
}

/** A number that changes whenever the active language or its resources change. */
export function i18nVersion(instance: i18n): number {
  return watchOf(instance).version;
}
