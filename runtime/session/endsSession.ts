import type { ErrorCode } from '../../schemas/errors.ts';

/**
 * 401s that answer a credential the request itself carried (wrong password at login, a recipient's or a
 * reward link's token) say nothing about the logged-in session, so they do not end it.
 */
const CREDENTIAL_REJECTIONS: readonly ErrorCode[] = [
  'PSOF0200',
  'PSOF0310',
  'PSOF0401',
  // the back office's second step: a wrong security code, an expired sign-in (issue 15)
  'PSOF0701',
  'PSOF0702',
];

/** SPEC 4 and 8: "HTTP 401 or error code PSOF0204 on any call logs out both user kinds." */
export function endsSession(status: number | null, code: string): boolean {
  if (code === 'PSOF0204') return true;
  return status === 401 && !(CREDENTIAL_REJECTIONS as readonly string[]).includes(code);
}
