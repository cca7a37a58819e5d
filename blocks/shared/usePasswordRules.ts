import { useEffect, useState } from 'react';
import { PASSWORD_RULES, type PasswordRules } from '../../domain/password.ts';
import { useAccountLifecycle } from '../../runtime/index.ts';

/**
 * The server's password rules (GET /account/passwortvalidator, SPEC 5). The shared defaults apply until
 * they arrive — they are the same rules unless a server serves others.
 */
export function usePasswordRules(): PasswordRules {
  const { passwordRules } = useAccountLifecycle();
  const [rules, setRules] = useState<PasswordRules>(PASSWORD_RULES);
  useEffect(() => {
    let current = true;
    void passwordRules().then((served) => {
      if (current) setRules(served);
    });
    return () => {
      current = false;
    };
  }, [passwordRules]);
  return rules;
}
