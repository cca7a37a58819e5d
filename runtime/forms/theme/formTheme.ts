import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { BaseInputTemplate } from './BaseInputTemplate.tsx';
import { CheckboxWidget } from './CheckboxWidget.tsx';
import { ErrorListTemplate } from './ErrorListTemplate.tsx';
import { FieldTemplate } from './FieldTemplate.tsx';
import { NoneField } from './NoneField.tsx';
import { ObjectFieldTemplate } from './ObjectFieldTemplate.tsx';
import { PasswordRulesWidget } from './PasswordRulesWidget.tsx';
import { RadioChoiceWidget } from './RadioChoiceWidget.tsx';
import { SelectWidget } from './SelectWidget.tsx';
import { TextareaWidget } from './TextareaWidget.tsx';
import { TextWithHintWidget } from './TextWithHintWidget.tsx';

/**
 * Our rjsf theme in one place: accessible templates (labels, errors tied to their inputs, one alert with every
 * problem) styled from theme tokens. Blocks add their own fields through the form's `fields` prop.
 */
export const formTemplates: Partial<TemplatesType> = {
  FieldTemplate,
  BaseInputTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
};

export const formWidgets: RegistryWidgetsType = {
  TextareaWidget,
  CheckboxWidget,
  radioChoice: RadioChoiceWidget,
  passwordRules: PasswordRulesWidget,
  SelectWidget,
  textWithHint: TextWithHintWidget,
};

export const formFields: RegistryFieldsType = {
  none: NoneField,
};
