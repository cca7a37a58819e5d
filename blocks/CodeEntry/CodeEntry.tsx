import type { CustomValidator, UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useState } from 'react';
import { isOfflineCode, normaliseOfflineCode } from '../../domain/recommendationLinks.ts';
import {
  fetchRecommendationByCode,
  preloadApi,
  SchemaForm,
  useFormSubmit,
  useNavigateToRoute,
  useT,
} from '../../runtime/index.ts';
import type { CodeEntryData } from '../../schemas/forms/codeEntry.ts';
import { HEX_QUERY_PARAM } from '../../schemas/recipient.ts';
import panel from '../shared/Panel.module.css';
import type { CodeEntryProps } from './schema.ts';

/** An unknown code (PSOF0331) is said at the code field. */
const FIELD_FAILURES = { fieldOfCode: { PSOF0331: 'code' } } as const;

/**
 * The /code page (SPEC 2: "entered code leads to the recommendation"): the `codeEntry` form
 * (schemas/forms/codeEntry.ts), then GET /empfehlung/empfehlungscode/{code} and on to the recipient data page
 * with channel `code`. An expired recommendation leads to its page; an unknown code (PSOF0331) is said at the
 * field, every other refusal is the form's alert.
 */
export function CodeEntry({ headline = 'codeEntry.headline', intro = 'codeEntry.intro' }: CodeEntryProps) {
  const t = useT();
  const navigateTo = useNavigateToRoute();
  const id = useId();
  const submit = useFormSubmit(FIELD_FAILURES);
  const [formData, setFormData] = useState<CodeEntryData>({});

  useEffect(() => {
    void preloadApi();
  }, []);

  const label = t('codeEntry.label');
  const uiSchema = useMemo<UiSchema<CodeEntryData>>(
    () => ({
      code: {
        'ui:title': label,
        'ui:widget': 'textWithHint',
        'ui:autocomplete': 'off',
        'ui:options': { hint: t('codeEntry.hint') },
      },
    }),
    [t, label],
  );
  // SPEC 5 '{field} ist nicht gültig' for what cannot be a code, with the same rule as the server.
  const customValidate = useMemo<CustomValidator<CodeEntryData>>(
    () => (data, errors, _uiSchema, errorSchema) => {
      const alreadyWrong = (errorSchema?.code?.__errors?.length ?? 0) > 0;
      if (!alreadyWrong && !isOfflineCode(normaliseOfflineCode(data?.code ?? ''))) {
        errors.code?.addError(t('form.invalid', { field: label }));
      }
      return errors;
    },
    [t, label],
  );

  async function open(values: CodeEntryData) {
    const outcome = await submit.run(
      () => fetchRecommendationByCode(normaliseOfflineCode(values.code ?? '')),
      (code) => (code === 'PSOF0309' ? null : undefined),
    );
    if (!outcome) return;
    if (outcome.ok) {
      const search = new URLSearchParams({
        channel: 'code',
        [HEX_QUERY_PARAM]: outcome.value.Hex,
      }).toString();
      navigateTo('RecipientData', {
        params: { empfehlungsnummer: outcome.value.Empfehlungsnummer },
        search: `?${search}`,
      });
    } else if (outcome.code === 'PSOF0309') {
      navigateTo('ExpiredRecommendation', { replace: true });
    }
  }

  return (
    <section className={panel.panel} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <SchemaForm<CodeEntryData>
          form="codeEntry"
          idPrefix={`${id}-form`}
          labelledBy={`${id}-headline`}
          uiSchema={uiSchema}
          formData={formData}
          customValidate={customValidate}
          submit={submit}
          submitLabel="codeEntry.submit"
          busyLabel="codeEntry.submitting"
          onChange={setFormData}
          onSubmit={open}
        />
      </div>
    </section>
  );
}
