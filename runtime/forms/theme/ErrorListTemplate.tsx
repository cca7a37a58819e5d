import { type ErrorListProps, type RJSFValidationError, TranslatableString } from '@rjsf/utils';
import styles from '../SchemaForm.module.css';

/**
 * What the summary says about one error: its `stack` as transformErrors worded it; rjsf prefixes errors of
 * customValidate with their property path (`.email …`), so those show their message.
 */
function summaryOf(error: RJSFValidationError): string {
  return error.stack.startsWith('.') ? (error.message ?? error.stack) : error.stack;
}

/**
 * After a refused submit: one alert that lists every problem (SPEC 5 wording), read out at once. No heading,
 * so it never breaks the page's heading order; the fields repeat their own message.
 */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  return (
    <div className={styles.errorList} role="alert">
      <p>{registry.translateString(TranslatableString.ErrorsLabel)}</p>
      <ul>
        {[...new Set(errors.map(summaryOf))].map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}
