import { adminLoginPropsSchema } from './AdminLogin.ts';
import { agencyLoginPropsSchema } from './AgencyLogin.ts';
import { agencyOverviewPropsSchema } from './AgencyOverview.ts';
import { callToActionPropsSchema } from './CallToAction.ts';
import { greetingPropsSchema } from './Greeting.ts';
import { heroPropsSchema } from './Hero.ts';
import { loginFormPropsSchema } from './LoginForm.ts';
import { logoutNoticePropsSchema } from './LogoutNotice.ts';
import { notFoundPropsSchema } from './NotFound.ts';
import { stepsPropsSchema } from './Steps.ts';
import { teaserGridPropsSchema } from './TeaserGrid.ts';
import { textSectionPropsSchema } from './TextSection.ts';

/**
 * Props schema of every registered block type: the one list the server validates page schemas against.
 * A block in blocks/ takes its props type from its entry here; tests check both lists name the same types.
 */
export const blockPropsSchemas = {
  AdminLogin: adminLoginPropsSchema,
  AgencyLogin: agencyLoginPropsSchema,
  AgencyOverview: agencyOverviewPropsSchema,
  CallToAction: callToActionPropsSchema,
  Greeting: greetingPropsSchema,
  Hero: heroPropsSchema,
  LoginForm: loginFormPropsSchema,
  LogoutNotice: logoutNoticePropsSchema,
  NotFound: notFoundPropsSchema,
  Steps: stepsPropsSchema,
  TeaserGrid: teaserGridPropsSchema,
  TextSection: textSectionPropsSchema,
} as const;

export type BlockType = keyof typeof blockPropsSchemas;

export const BLOCK_TYPES = Object.keys(blockPropsSchemas) as BlockType[];

export function isBlockType(value: unknown): value is BlockType {
  return typeof value === 'string' && Object.hasOwn(blockPropsSchemas, value);
}
