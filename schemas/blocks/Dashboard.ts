import { link, textKey } from './common.ts';

/**
 * The personal area's recommendations (SPEC 2, PersoenlicherBereich): each as the three steps of SPEC 4
 * with its raw status explained, the recipient masked, the reward and the entry to the reward choice; the
 * BannerTEZuTP banner when the server says so. Renders h2s (the Greeting above holds the page's h1).
 */
export const dashboardPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    headline: textKey,
    intro: textKey,
    /** Where the banner leads (default: the home page with the product categories). */
    bannerLink: link,
  },
} as const;
