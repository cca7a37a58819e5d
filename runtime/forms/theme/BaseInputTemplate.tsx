import type { BaseInputTemplateProps } from '@rjsf/utils';
import { ThemedInput } from './ThemedInput.tsx';

/**
 * Text, e-mail and number inputs: the theme's one input (ThemedInput). `aria-invalid` and `aria-describedby`
 * point at the field's error only when there is one; `ui:autocomplete` becomes `autocomplete`.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  return <ThemedInput {...props} type={props.type ?? 'text'} />;
}
