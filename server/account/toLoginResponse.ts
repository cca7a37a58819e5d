import { wireDateTime } from '../../domain/format.ts';
import type { LoginResponse } from '../../schemas/account.ts';
import type { Account } from './accountRepository.ts';

/** The answer of every call that logs in or describes the logged-in recommender (SPEC section 7). */
export function toLoginResponse(account: Account, token: string): LoginResponse {
  return {
    Email: account.email,
    Anrede: account.anrede,
    Vorname: account.vorname,
    Nachname: account.nachname,
    Empfehlerhash: account.empfehlerHash,
    Token: token,
    NewsletterOptinGegeben: account.newsletterOptinGegeben,
    NewsletterOptinVersendetAm: account.newsletterOptinVersendetAm
      ? wireDateTime(account.newsletterOptinVersendetAm)
      : null,
    Language: account.language,
  };
}
