import type { ContactRequest } from '../../schemas/contentContact.ts';

/** The contact calls load with the contact form, not with every page that uses the runtime. */
const api = () => import('./contactApi.ts');

/** GET /kontakt?cmd=IsCaptchaRequired: guests solve a captcha, logged-in recommenders do not. */
export async function isContactCaptchaRequired(): Promise<boolean> {
  return (await api()).isContactCaptchaRequired();
}

/** POST /kontakt; rejects with ApiRequestError (SPEC 8 code). */
export async function sendContactMessage(message: ContactRequest): Promise<void> {
  return (await api()).sendContactMessage(message);
}
