import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** The fields one after another; the form's heading names the whole, so no fieldset legend is needed. */
export function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return <>{properties.filter((property) => !property.hidden).map((property) => property.content)}</>;
}
