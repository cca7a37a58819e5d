import type { BlockRegistry } from '../runtime/index.ts';

/**
 * Every block type of schemas/blocks, each loaded lazily as its own chunk. `satisfies` makes the
 * compiler reject a missing type, an extra type, or a component whose props differ from its schema.
 */
export const blockRegistry = {
  AdminLogin: () => import('./AdminLogin/AdminLogin.tsx').then((module) => ({ default: module.AdminLogin })),
  AgencyLogin: () =>
    import('./AgencyLogin/AgencyLogin.tsx').then((module) => ({ default: module.AgencyLogin })),
  AgencyOverview: () =>
    import('./AgencyOverview/AgencyOverview.tsx').then((module) => ({ default: module.AgencyOverview })),
  CallToAction: () =>
    import('./CallToAction/CallToAction.tsx').then((module) => ({ default: module.CallToAction })),
  Greeting: () => import('./Greeting/Greeting.tsx').then((module) => ({ default: module.Greeting })),
  Hero: () => import('./Hero/Hero.tsx').then((module) => ({ default: module.Hero })),
  LoginForm: () => import('./LoginForm/LoginForm.tsx').then((module) => ({ default: module.LoginForm })),
  LogoutNotice: () =>
    import('./LogoutNotice/LogoutNotice.tsx').then((module) => ({ default: module.LogoutNotice })),
  NotFound: () => import('./NotFound/NotFound.tsx').then((module) => ({ default: module.NotFound })),
  Steps: () => import('./Steps/Steps.tsx').then((module) => ({ default: module.Steps })),
  TeaserGrid: () => import('./TeaserGrid/TeaserGrid.tsx').then((module) => ({ default: module.TeaserGrid })),
  TextSection: () =>
    import('./TextSection/TextSection.tsx').then((module) => ({ default: module.TextSection })),
} satisfies BlockRegistry;
