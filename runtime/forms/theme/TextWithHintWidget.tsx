import type { WidgetProps } from '@rjsf/utils';
import { descriptionIdOf } from './fieldIds.ts';
import hintStyles from './TextWithHintWidget.module.css';
import { ThemedInput } from './ThemedInput.tsx';

/**
 * A text input with a hint under its label (`ui:options.hint`, e.g. an IBAN's example or 'German IBANs
 * only'), read out as the input's description together with its error. Like BaseInputTemplate otherwise:
 * `ui:autocomplete` becomes `autocomplete`, an emptied field is `emptyValue`.
 */
export function TextWithHintWidget(props: WidgetProps) {
  const hint = hintOf(props.options);
  return (
    <>
      {hint && <FieldHint id={props.id} hint={hint} />}
      <ThemedInput {...props} type="text" described={hint !== null} />
    </>
  );
}

/** The hint of `ui:options.hint`, or null. */
export function hintOf(options: object): string | null {
  const { hint } = options as { hint?: unknown };
  return typeof hint === 'string' && hint !== '' ? hint : null;
}

/** The hint under the label (also drawn by the form's placeholder while the form loads). */
export function FieldHint({ id, hint }: { id: string; hint: string }) {
  return (
    <p id={descriptionIdOf(id)} className={hintStyles.hint}>
      {hint}
    </p>
  );
}
