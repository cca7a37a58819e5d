import 'altcha/external';
import 'altcha/i18n/de';
import 'altcha/i18n/en';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef } from 'react';
import type { CaptchaWidgetProps } from './CaptchaField.tsx';

// The external build: its CSS and its proof-of-work workers are files of our own origin, so the CSP needs
// neither inline styles nor blob: workers. SHA-256 is the algorithm server/captcha issues.
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

/**
 * The ALTCHA widget (web component): a checkbox "Ich bin kein Roboter"; ticking it solves the server's
 * challenge in web workers (about a second on a phone). Reports the payload once verified, null otherwise.
 */
export default function AltchaWidget({ challengeUrl, language, onChange, resetKey }: CaptchaWidgetProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  // A refused payload (wrong, expired, used) cannot be sent again: a new key shows a fresh widget.
  useEffect(() => {
    if (resetKey === undefined) return;
    (ref.current as (HTMLElement & { reset?: () => void }) | null)?.reset?.();
    onChangeRef.current(null);
  }, [resetKey]);

  return (
    <altcha-widget
      ref={ref}
      challenge={challengeUrl}
      language={language}
      name="captcha"
      configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
    />
  );
}
