import { getInputProps, type WidgetProps } from '@rjsf/utils';
import type { PasswordRules } from '../../../domain/password.ts';
import { useT } from '../../i18n/useT.ts';
import styles from '../SchemaForm.module.css';
import { describedBy, descriptionIdOf } from './fieldIds.ts';
import hintStyles from './PasswordRulesWidget.module.css';

/**
 * A password input. With `ui:options.rules` (the mandant's rules as GET /account/passwortvalidator serves
 * them, SPEC 5) the rules are listed under the label and read out with the field before anyone types — not
 * only after a mistake; the form checks them in customValidate with domain/password.ts.
 * The server's refusals of the value (a wrong current password PSOF0224, a rule) arrive as the form's
 * `fieldFailures` and are shown like its own errors, by the field template.
 * `aria-describedby` names only the parts that are there: the error first, then the rules.
 */
export function PasswordRulesWidget({
  id,
  htmlName,
  value,
  readonly,
  disabled,
  required,
  onBlur,
  onFocus,
  onChange,
  options,
  schema,
  rawErrors,
}: WidgetProps) {
  const t = useT();
  const rules = options.rules as PasswordRules | undefined;
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <>
      {rules && (
        <div id={descriptionIdOf(id)} className={hintStyles.hint}>
          {t('password.rules.title')}
          <ul>
            <li>{t('password.rules.minLength', { count: rules.MinLength })}</li>
            {rules.Lowercase && <li>{t('password.rules.lowercase')}</li>}
            {rules.Uppercase && <li>{t('password.rules.uppercase')}</li>}
            {rules.Digit && <li>{t('password.rules.digit')}</li>}
            {rules.RefuseCommon && <li>{t('password.rules.common')}</li>}
          </ul>
        </div>
      )}
      <input
        id={id}
        name={htmlName || id}
        className={styles.input}
        {...getInputProps(schema, 'password', options)}
        value={value ?? ''}
        readOnly={readonly}
        disabled={disabled}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, invalid, rules !== undefined)}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </>
  );
}
