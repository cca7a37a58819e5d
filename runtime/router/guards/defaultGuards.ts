import { agencyGuard } from './agencyGuard.ts';
import { autologinGuard } from './autologinGuard.ts';
import { backofficeGuard } from './backofficeGuard.ts';
import { forcedLoginGuard } from './forcedLoginGuard.ts';
import type { Guard } from './Guard.ts';
import { imprintGuard } from './imprintGuard.ts';
import { loginRequiredGuard } from './loginRequiredGuard.ts';
import { logoutGuard } from './logoutGuard.ts';

/**
 * The guards the runtime runs before every page, in order (SPEC 2, navigation rules). Redirects that only
 * need the path (root, missing or unknown locale, /code) happen earlier, in resolveLocation.
 */
export const defaultGuards: readonly Guard[] = [
  imprintGuard,
  autologinGuard,
  agencyGuard,
  backofficeGuard,
  logoutGuard,
  loginRequiredGuard,
  forcedLoginGuard,
];
