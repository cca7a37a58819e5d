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
  AgentList: () => import('./AgentList/AgentList.tsx').then((module) => ({ default: module.AgentList })),
  BankDetails: () =>
    import('./BankDetails/BankDetails.tsx').then((module) => ({ default: module.BankDetails })),
  CallToAction: () =>
    import('./CallToAction/CallToAction.tsx').then((module) => ({ default: module.CallToAction })),
  ChangePasswordForm: () =>
    import('./ChangePasswordForm/ChangePasswordForm.tsx').then((module) => ({
      default: module.ChangePasswordForm,
    })),
  CodeEntry: () => import('./CodeEntry/CodeEntry.tsx').then((module) => ({ default: module.CodeEntry })),
  Confirmation: () =>
    import('./Confirmation/Confirmation.tsx').then((module) => ({ default: module.Confirmation })),
  Contact: () => import('./Contact/Contact.tsx').then((module) => ({ default: module.Contact })),
  ContentPage: () =>
    import('./ContentPage/ContentPage.tsx').then((module) => ({ default: module.ContentPage })),
  CustomerNumber: () =>
    import('./CustomerNumber/CustomerNumber.tsx').then((module) => ({ default: module.CustomerNumber })),
  Dashboard: () => import('./Dashboard/Dashboard.tsx').then((module) => ({ default: module.Dashboard })),
  ExpiredRecommendation: () =>
    import('./ExpiredRecommendation/ExpiredRecommendation.tsx').then((module) => ({
      default: module.ExpiredRecommendation,
    })),
  Faq: () => import('./Faq/Faq.tsx').then((module) => ({ default: module.Faq })),
  Footnotes: () => import('./Footnotes/Footnotes.tsx').then((module) => ({ default: module.Footnotes })),
  ForgotPasswordForm: () =>
    import('./ForgotPasswordForm/ForgotPasswordForm.tsx').then((module) => ({
      default: module.ForgotPasswordForm,
    })),
  Greeting: () => import('./Greeting/Greeting.tsx').then((module) => ({ default: module.Greeting })),
  Hero: () => import('./Hero/Hero.tsx').then((module) => ({ default: module.Hero })),
  KeyVisual: () => import('./KeyVisual/KeyVisual.tsx').then((module) => ({ default: module.KeyVisual })),
  LoginForm: () => import('./LoginForm/LoginForm.tsx').then((module) => ({ default: module.LoginForm })),
  LogoutNotice: () =>
    import('./LogoutNotice/LogoutNotice.tsx').then((module) => ({ default: module.LogoutNotice })),
  MyData: () => import('./MyData/MyData.tsx').then((module) => ({ default: module.MyData })),
  NewsletterConfirm: () =>
    import('./NewsletterConfirm/NewsletterConfirm.tsx').then((module) => ({
      default: module.NewsletterConfirm,
    })),
  NotFound: () => import('./NotFound/NotFound.tsx').then((module) => ({ default: module.NotFound })),
  ProductCategory: () =>
    import('./ProductCategory/ProductCategory.tsx').then((module) => ({ default: module.ProductCategory })),
  ProductOverview: () =>
    import('./ProductOverview/ProductOverview.tsx').then((module) => ({ default: module.ProductOverview })),
  RecipientBankDetails: () =>
    import('./RecipientBankDetails/RecipientBankDetails.tsx').then((module) => ({
      default: module.RecipientBankDetails,
    })),
  RecipientConfirmation: () =>
    import('./RecipientConfirmation/RecipientConfirmation.tsx').then((module) => ({
      default: module.RecipientConfirmation,
    })),
  RecipientConsent: () =>
    import('./RecipientConsent/RecipientConsent.tsx').then((module) => ({
      default: module.RecipientConsent,
    })),
  RecipientData: () =>
    import('./RecipientData/RecipientData.tsx').then((module) => ({ default: module.RecipientData })),
  RecommendationShare: () =>
    import('./RecommendationShare/RecommendationShare.tsx').then((module) => ({
      default: module.RecommendationShare,
    })),
  RecommendForm: () =>
    import('./RecommendForm/RecommendForm.tsx').then((module) => ({ default: module.RecommendForm })),
  RegistrationForm: () =>
    import('./RegistrationForm/RegistrationForm.tsx').then((module) => ({
      default: module.RegistrationForm,
    })),
  RewardChoice: () =>
    import('./RewardChoice/RewardChoice.tsx').then((module) => ({ default: module.RewardChoice })),
  RewardDetails: () =>
    import('./RewardDetails/RewardDetails.tsx').then((module) => ({ default: module.RewardDetails })),
  RewardOverview: () =>
    import('./RewardOverview/RewardOverview.tsx').then((module) => ({ default: module.RewardOverview })),
  RewardThanks: () =>
    import('./RewardThanks/RewardThanks.tsx').then((module) => ({ default: module.RewardThanks })),
  SetPasswordForm: () =>
    import('./SetPasswordForm/SetPasswordForm.tsx').then((module) => ({ default: module.SetPasswordForm })),
  Steps: () => import('./Steps/Steps.tsx').then((module) => ({ default: module.Steps })),
  TeaserGrid: () => import('./TeaserGrid/TeaserGrid.tsx').then((module) => ({ default: module.TeaserGrid })),
  TextSection: () =>
    import('./TextSection/TextSection.tsx').then((module) => ({ default: module.TextSection })),
  ThanksSteps: () =>
    import('./ThanksSteps/ThanksSteps.tsx').then((module) => ({ default: module.ThanksSteps })),
} satisfies BlockRegistry;
