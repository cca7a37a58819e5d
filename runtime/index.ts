/**
 * The runtime's public entry: what blocks (and stories) may use. Blocks import runtime services only
 * from here, never from files inside runtime/.
 */
export type { LanguageOption } from './boot/RuntimeConfig.ts';
export { formatDate, formatDateTime, formatMoney, shortText } from './format/format.ts';
export { errorKey } from './i18n/loadErrorMessages.ts';
export { useT } from './i18n/useT.ts';
export type { BlockLoader, BlockProps, BlockRegistry } from './page/BlockRegistry.ts';
export { RouteLink, type RouteLinkProps } from './router/RouteLink.tsx';
export type { RouteParams } from './router/routeTable.ts';
export { useRouteHref } from './router/useRouteHref.ts';
export { useDefaultLanguage, useLanguage, useLanguages, useMandant } from './state/hooks.ts';
export { useAssetUrl } from './theme/useAssetUrl.ts';
