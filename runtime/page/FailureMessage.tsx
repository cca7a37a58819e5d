import { errorKey } from '../i18n/loadErrorMessages.ts';
import { useT } from '../i18n/useT.ts';
import { failureCode } from './failureCode.ts';

export interface FailureMessageProps {
  error: unknown;
  onRetry: () => void;
}

/** The catalogue's text for a failure and a way to try again; announced to screen readers. */
export function FailureMessage({ error, onRetry }: FailureMessageProps) {
  const t = useT();
  return (
    <>
      <p role="alert">
        {t(errorKey(failureCode(error, typeof navigator === 'undefined' || navigator.onLine !== false)))}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t('runtime.error.retry')}
      </button>
    </>
  );
}
