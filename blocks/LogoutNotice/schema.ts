import type { FromSchema } from 'json-schema-to-ts';
import { logoutNoticePropsSchema } from '../../schemas/blocks/LogoutNotice.ts';

export { logoutNoticePropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type LogoutNoticeProps = FromSchema<
  typeof logoutNoticePropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
