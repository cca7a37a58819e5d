import { checkNewPassword, PASSWORD_PROBLEM_CODES } from '../../domain/password.ts';
import { ApiProblem } from '../http/ApiProblem.ts';

/**
 * Refuses a new password that breaks SPEC 5's rules (PSOF0220), whose confirmation differs (PSOF0221) or
 * that is a common one (PSOF0222) — the same `checkNewPassword` the runtime's forms run. The first problem
 * names the code; `details` list every problem with its field, so a form can mark both fields at once.
 */
export function assertNewPassword(password: string, confirmation: string): void {
  const problems = checkNewPassword(password, confirmation);
  const first = problems[0];
  if (first === undefined) return;
  throw new ApiProblem(
    PASSWORD_PROBLEM_CODES[first],
    problems.map((problem) => ({
      pointer: problem === 'mismatch' ? '/PasswordConfirm' : '/Password',
      reason: problem,
    })),
  );
}
