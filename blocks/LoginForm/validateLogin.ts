/** What is wrong with one field of the login form, as an i18n key (or null when it is fine). */
export interface LoginFieldErrors {
  email: 'required' | 'invalid' | null;
  password: 'required' | null;
}

// Enough to catch typos; the server decides whether the address has an account.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC 5: required fields and a valid e-mail address, checked before anything is sent. */
export function validateLogin(email: string, password: string): LoginFieldErrors {
  const trimmed = email.trim();
  return {
    email: trimmed === '' ? 'required' : EMAIL.test(trimmed) ? null : 'invalid',
    password: password === '' ? 'required' : null,
  };
}
