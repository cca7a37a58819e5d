export { BackofficeAudit } from './BackofficeAudit.tsx';
export { type BackofficeAuditProps, backofficeAuditPropsSchema } from './schema.ts';
