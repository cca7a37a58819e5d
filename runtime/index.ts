/**
 * The runtime's public entry: what blocks (and stories) may use. Blocks import runtime services only
 * from here, never from files inside runtime/.
 */

export {
  BACKOFFICE_SECTIONS,
  type BackofficeSection,
  backofficeSectionsFor,
} from '../domain/backofficeSections.ts';
export { formatDate, formatDateTime, formatMoney, shortText } from '../domain/format.ts';
export type { LoginRequest } from '../schemas/account.ts';
export * from './agency/agencyApi.ts';
export * from './agency/agencyRegistrationApi.ts';
export { AGENCY_SECTIONS, type AgencySection, agencySectionsFor } from './agency/agencySections.ts';
export { ApiRequestError } from './api/ApiRequestError.ts';
export { preloadApi } from './api/preloadApi.ts';
export * from './backoffice/backofficeAdminApi.ts';
export type { BackofficeUser } from './backoffice/backofficeAtoms.ts';
export * from './backoffice/backofficeFiguresApi.ts';
export * from './backoffice/backofficeOrdersApi.ts';
export * from './backoffice/backofficePayoutsApi.ts';
export * from './backoffice/backofficeProfiApi.ts';
export * from './backoffice/backofficeSettingsApi.ts';
export * from './backoffice/backofficeSupportApi.ts';
export { type Backoffice, useBackoffice } from './backoffice/useBackoffice.ts';
export { useBackofficeSections } from './backoffice/useBackofficeSections.ts';
export type { LanguageOption } from './boot/RuntimeConfig.ts';
export { onConsentChange } from './consent/consentEvents.ts';
export type { ConsentDecision, ConsentState } from './consent/consentState.ts';
// A modal dialog with the consent dialog's focus handling (MyData's delete confirmation uses it too).
export { trapTab } from './consent/dialogFocus.ts';
export { useModalDialog } from './consent/useModalDialog.ts';
export { isContactCaptchaRequired, sendContactMessage } from './content/contact.ts';
export type { ContentResult } from './content/contentResource.ts';
export { useContentEntry, useFaq, useFootnotes, useKeyVisual } from './content/useContent.ts';
export * from './forms/index.ts';
export type { FrameMode } from './frame/frameMode.ts';
export { recommendationUrl } from './frame/recommendationUrl.ts';
export { useFrameMode, useRecommendationUrl } from './frame/useRecommendationUrl.ts';
export { errorKey } from './i18n/loadErrorMessages.ts';
export { useT } from './i18n/useT.ts';
export type { BlockLoader, BlockProps, BlockRegistry } from './page/BlockRegistry.ts';
export { FailureMessage } from './page/FailureMessage.tsx';
export * from './products/index.ts';
export * from './profi/profiApi.ts';
export { nextRecipientStep, type RecipientStep } from './recipient/nextRecipientStep.ts';
export {
  fetchProductLink,
  fetchRecipientOrder,
  fetchRecipientRecommendation,
  fetchRecipientReward,
  fetchRecommendationByCode,
  postCreateRecipient,
  postRecipientBankData,
  putRecipientConsent,
} from './recipient/recipientApi.ts';
export type { StoredRecipient } from './recipient/recipientStorage.ts';
export { type RecipientJourney, useRecipientJourney } from './recipient/useRecipientJourney.ts';
export * from './recommend/index.ts';
export { type Recommender, useRecommender } from './recommender/useRecommender.ts';
export { afterLoginTarget } from './router/afterLoginTarget.ts';
export { useLocation } from './router/navigation/index.ts';
export { type CurrentRoute, useRoute } from './router/RouteContext.ts';
export { RouteLink, type RouteLinkProps } from './router/RouteLink.tsx';
export type { RouteParams } from './router/routeTable.ts';
export { type NavigateToRouteOptions, useNavigateToRoute } from './router/useNavigateToRoute.ts';
export { useRouteHref } from './router/useRouteHref.ts';
export * from './session/loginFailuresApi.ts';
export type { AgencyUser, SessionUser } from './session/sessionAtoms.ts';
export { type AccountLifecycle, useAccountLifecycle } from './session/useAccountLifecycle.ts';
export { type Session, useSession } from './session/useSession.ts';
export {
  useDefaultLanguage,
  useLanguage,
  useLanguages,
  useMandant,
  useRouteTable,
} from './state/hooks.ts';
export * from './table/index.ts';
export { useAssetUrl } from './theme/useAssetUrl.ts';
export { type ExitIntentEvent, onExitIntent } from './tracking/exitIntent.ts';
export { trackGoal } from './tracking/trackGoal.ts';
