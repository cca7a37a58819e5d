import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  errorKey,
  fetchRecommendationByCode,
  preloadApi,
  useNavigateToRoute,
  useT,
} from '../../runtime/index.ts';
import { HEX_QUERY_PARAM } from '../../schemas/recipient.ts';
import { isOfflineCode, normaliseOfflineCode } from '../../schemas/recommendationLinks.ts';
import form from '../shared/AccountForm.module.css';
import { failureCode, failureMessage } from '../shared/accountFormErrors.ts';
import panel from '../shared/Panel.module.css';
import { TextField } from '../shared/TextField.tsx';
import type { CodeEntryProps } from './schema.ts';

/**
 * The /code page (SPEC 2: "entered code leads to the recommendation"): GET
 * /empfehlung/empfehlungscode/{code}, then on to the recipient data page with channel `code`. An expired
 * recommendation leads to its page; an unknown code is told at the field.
 */
export function CodeEntry({ headline = 'codeEntry.headline', intro = 'codeEntry.intro' }: CodeEntryProps) {
  const t = useT();
  const navigateTo = useNavigateToRoute();
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void preloadApi();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const label = t('codeEntry.label');
    const code = normaliseOfflineCode(codeRef.current?.value ?? '');
    setFailure(null);
    if (code === '') {
      setFieldError(t('form.required', { field: label }));
      return codeRef.current?.focus();
    }
    if (!isOfflineCode(code)) {
      setFieldError(t('form.invalid', { field: label }));
      return codeRef.current?.focus();
    }
    setFieldError(null);
    setBusy(true);
    try {
      const found = await fetchRecommendationByCode(code);
      const search = new URLSearchParams({ channel: 'code', [HEX_QUERY_PARAM]: found.Hex }).toString();
      navigateTo('RecipientData', {
        params: { empfehlungsnummer: found.Empfehlungsnummer },
        search: `?${search}`,
      });
    } catch (error) {
      const code = failureCode(error);
      if (code === 'PSOF0309') {
        navigateTo('ExpiredRecommendation', { replace: true });
        return;
      }
      if (code === 'PSOF0331') {
        setFieldError(t(errorKey(code)));
        codeRef.current?.focus();
      } else {
        setFailure(failureMessage(t, error));
      }
      setBusy(false);
    }
  }

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <form className={form.form} noValidate onSubmit={submit} aria-labelledby={`${id}-headline`}>
          {failure && (
            <p className={panel.alert} role="alert">
              {failure}
            </p>
          )}
          <TextField
            id={`${id}-code`}
            label={t('codeEntry.label')}
            hint={t('codeEntry.hint')}
            error={fieldError}
            inputRef={codeRef}
            name="code"
            autoComplete="off"
          />
          <button type="submit" className={`button ${form.submit}`} aria-disabled={busy || undefined}>
            {t(busy ? 'codeEntry.submitting' : 'codeEntry.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
