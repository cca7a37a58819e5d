import { type ReactNode, useState } from 'react';
import {
  captchaChallengeUrl,
  errorKey,
  failureMessage,
  useLanguage,
  useMandant,
  useT,
} from '../../runtime/index.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import { CaptchaField } from './captcha/index.ts';

export interface LoginCaptcha {
  /** The body's `Captcha` when the server asked for one and it is solved, else nothing. */
  fields(): { Captcha?: string };
  /** Before sending: false (and the widget says so) when the server asked for the captcha and it is unsolved. */
  ready(): boolean;
  /** The submit's failure wording (`useFormSubmit().run`'s second argument): PSOF0307/0308 show the widget. */
  onFailure(code: ErrorCode, error: unknown): string | null | undefined;
  /** The widget, once the server asked for it: put it inside the SchemaForm (above the button). */
  field: ReactNode;
}

/**
 * The captcha of the password logins (recommender, agency, back office; ADR 0024): after failed logins
 * the server answers 422 PSOF0307 (or PSOF0308 for a wrong or used solution); the ALTCHA widget then
 * appears and the next try carries its solution. Each try uses a solution up, so the widget starts over.
 */
export function useLoginCaptcha(id: string): LoginCaptcha {
  const t = useT();
  const mandant = useMandant();
  const language = useLanguage();
  const [required, setRequired] = useState(false);
  const [payload, setPayload] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reset, setReset] = useState(0);
  const fieldId = `${id}-captcha`;

  return {
    fields: () => (required && payload ? { Captcha: payload } : {}),
    ready: () => {
      if (!required || payload) return true;
      setError(t(errorKey('PSOF0307')));
      document.getElementById(fieldId)?.querySelector<HTMLElement>('input')?.focus();
      return false;
    },
    onFailure: (code, failure) => {
      setPayload(null);
      setReset((key) => key + 1);
      if (code !== 'PSOF0307' && code !== 'PSOF0308') return undefined;
      setRequired(true);
      setError(failureMessage(t, failure));
      return null;
    },
    field: required ? (
      <CaptchaField
        id={fieldId}
        challengeUrl={captchaChallengeUrl(mandant.id)}
        language={language}
        loadingText={t('login.captchaLoading')}
        onChange={(solved) => {
          setPayload(solved);
          if (solved) setError(null);
        }}
        resetKey={reset}
        error={error}
      />
    ) : null,
  };
}
