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
  const hint =
    typeof props.options.hint === 'string' && props.options.hint !== '' ? props.options.hint : null;
  return (
    <>
      {hint && (
        <p id={descriptionIdOf(props.id)} className={hintStyles.hint}>
          {hint}
        </p>
      )}
      <ThemedInput {...props} type="text" described={hint !== null} />
    </>
  );
}
