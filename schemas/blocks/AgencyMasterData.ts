import { textKey } from './common.ts';

/** The agency's master data: shown to `masterData`, changed by `masterDataEdit` (SPEC 6). The page's h1. */
export const agencyMasterDataPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
