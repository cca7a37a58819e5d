export { CaptchaField, type CaptchaFieldProps, type CaptchaWidgetProps } from './CaptchaField.tsx';
