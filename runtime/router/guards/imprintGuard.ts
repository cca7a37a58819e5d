import { HOME_ROUTE } from '../resolveLocation.ts';
import type { Guard } from './Guard.ts';
import { redirectTo } from './guardTarget.ts';

/** SPEC 2: "The imprint redirects to / when the advertising module is on." */
export const imprintGuard: Guard = (context) =>
  context.mandant.ModuleAdv && context.resolution.routeName === 'Imprint'
    ? redirectTo(context, HOME_ROUTE, 'imprint-adv')
    : null;
