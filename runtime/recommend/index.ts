export {
  captchaChallengeUrl,
  fetchActiveCampaigns,
  fetchRecommendation,
  isRecommendCaptchaRequired,
  postConfirmOptin,
  postCreateRecommendation,
  postResendOptin,
  putRecommendationSharing,
  recommendationQrUrl,
} from './recommendApi.ts';
export {
  recalledRecommendation,
  rememberRecommendation,
  useRecalledRecommendation,
} from './recommendationStorage.ts';
