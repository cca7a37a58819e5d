import { lazy, Suspense } from 'react';
import styles from './CaptchaField.module.css';

export interface CaptchaWidgetProps {
  /** GET /api/v1/{mandant}/captcha/challenge (server/captcha). */
  challengeUrl: string;
  /** The page language (de, en); the widget's own texts follow it. */
  language: string;
  /** The solved payload to send with the form (e.g. `Captcha`), or null while unsolved. */
  onChange: (payload: string | null) => void;
  /** Change it after the server refused the payload (PSOF0308): the widget starts over. */
  resetKey?: number;
}

export interface CaptchaFieldProps extends CaptchaWidgetProps {
  /** Shown while the widget loads. */
  loadingText: string;
  /** PSOF0307/PSOF0308, under the widget. */
  error?: string | null;
  id: string;
}

const AltchaWidget = lazy(() => import('./AltchaWidget.tsx'));

/**
 * The captcha of any form (recommend, contact): the ALTCHA widget, loaded only when a form needs it — its
 * code never reaches a page without a captcha. Give the form's submit handler the payload from onChange.
 */
export function CaptchaField({ loadingText, error, id, ...widget }: CaptchaFieldProps) {
  return (
    <div className={styles.captcha} id={id}>
      <Suspense fallback={<p className={styles.loading}>{loadingText}</p>}>
        <AltchaWidget {...widget} />
      </Suspense>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
