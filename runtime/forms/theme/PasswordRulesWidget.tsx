import type { WidgetProps } from '@rjsf/utils';
import type { PasswordRules } from '../../../domain/password.ts';
import { useT } from '../../i18n/useT.ts';
import { descriptionIdOf } from './fieldIds.ts';
import hintStyles from './PasswordRulesWidget.module.css';
import { ThemedInput } from './ThemedInput.tsx';

/**
 * A password input. With `ui:options.rules` (the mandant's rules as GET /account/passwortvalidator serves
 * them, SPEC 5) the rules are listed under the label and read out with the field before anyone types — not
 * only after a mistake; the form checks them in customValidate with domain/password.ts.
 * The server's refusals of the value (a wrong current password PSOF0224, a rule) arrive as the form's
 * `fieldFailures` and are shown like its own errors, by the field template.
 * `aria-describedby` names only the parts that are there: the error first, then the rules.
 */
export function PasswordRulesWidget(props: WidgetProps) {
  const rules = props.options.rules as PasswordRules | undefined;
  return (
    <>
      {rules && <PasswordRulesList id={props.id} rules={rules} />}
      <ThemedInput {...props} type="password" described={rules !== undefined} />
    </>
  );
}

/** The rules under the label (also drawn by the form's placeholder while the form loads). */
export function PasswordRulesList({ id, rules }: { id: string; rules: PasswordRules }) {
  const t = useT();
  return (
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
  );
}
