import { BREAKPOINTS } from '../schemas/constants.ts';

/** The viewport toolbar offers SPEC's breakpoints (section 9): xl 1920, lg 1024, md 768, sm 453, and a phone. */
export const BREAKPOINT_VIEWPORTS = {
  xs: { name: 'xs (360)', styles: { width: '360px', height: '740px' }, type: 'mobile' },
  sm: {
    name: `sm (${BREAKPOINTS.sm})`,
    styles: { width: `${BREAKPOINTS.sm}px`, height: '800px' },
    type: 'mobile',
  },
  md: {
    name: `md (${BREAKPOINTS.md})`,
    styles: { width: `${BREAKPOINTS.md}px`, height: '1024px' },
    type: 'tablet',
  },
  lg: {
    name: `lg (${BREAKPOINTS.lg})`,
    styles: { width: `${BREAKPOINTS.lg}px`, height: '768px' },
    type: 'desktop',
  },
  xl: {
    name: `xl (${BREAKPOINTS.xl})`,
    styles: { width: `${BREAKPOINTS.xl}px`, height: '1080px' },
    type: 'desktop',
  },
} as const;
