import type { ContactCaptchaResponse, ContactRequest } from '../../schemas/contentContact.ts';
import { getApiClient } from '../api/api.ts';

/** GET /kontakt?cmd=IsCaptchaRequired (SPEC 7): guests solve a captcha, logged-in recommenders do not. */
export async function isContactCaptchaRequired(): Promise<boolean> {
  const client = await getApiClient();
  const answer = await client.get<ContactCaptchaResponse>('/kontakt', {
    params: { cmd: 'IsCaptchaRequired' },
  });
  return answer.data.CaptchaErforderlich;
}

/** POST /kontakt: the message goes to the mandant's support; rejects with ApiRequestError. */
export async function sendContactMessage(message: ContactRequest): Promise<void> {
  await (await getApiClient()).post('/kontakt', message);
}
