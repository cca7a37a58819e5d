import { useT } from '../i18n/useT.ts';
import { FailureMessage, type FailureMessageProps } from './FailureMessage.tsx';

/** A whole page for a failure the shell itself could not survive. */
export function ErrorPage(props: FailureMessageProps) {
  const t = useT();
  return (
    <main id="main" className="container">
      <h1>{t('runtime.error.title')}</h1>
      <FailureMessage {...props} />
    </main>
  );
}
