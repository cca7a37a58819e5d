import { useT } from '../i18n/useT.ts';

/** Shown when the configuration cannot be loaded at all: no shell, no routes, just a clear message. */
export function BootFailure() {
  const t = useT();
  return (
    <main id="main" className="container">
      <h1>{t('runtime.boot.failed.title')}</h1>
      <p role="alert">{t('runtime.boot.failed.text')}</p>
    </main>
  );
}
