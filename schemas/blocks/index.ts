import { adminLoginPropsSchema } from './AdminLogin.ts';
import { agencyLoginPropsSchema } from './AgencyLogin.ts';
import { agencyOverviewPropsSchema } from './AgencyOverview.ts';
import { agentListPropsSchema } from './AgentList.ts';
import { bankDetailsPropsSchema } from './BankDetails.ts';
import { callToActionPropsSchema } from './CallToAction.ts';
import { changePasswordFormPropsSchema } from './ChangePasswordForm.ts';
import { codeEntryPropsSchema } from './CodeEntry.ts';
import { confirmationPropsSchema } from './Confirmation.ts';
import { contactPropsSchema } from './Contact.ts';
import { contentPagePropsSchema } from './ContentPage.ts';
import { customerNumberPropsSchema } from './CustomerNumber.ts';
import { dashboardPropsSchema } from './Dashboard.ts';
import { expiredRecommendationPropsSchema } from './ExpiredRecommendation.ts';
import { faqPropsSchema } from './Faq.ts';
import { footnotesPropsSchema } from './Footnotes.ts';
import { forgotPasswordFormPropsSchema } from './ForgotPasswordForm.ts';
import { greetingPropsSchema } from './Greeting.ts';
import { heroPropsSchema } from './Hero.ts';
import { keyVisualPropsSchema } from './KeyVisual.ts';
import { loginFormPropsSchema } from './LoginForm.ts';
import { logoutNoticePropsSchema } from './LogoutNotice.ts';
import { myDataPropsSchema } from './MyData.ts';
import { newsletterConfirmPropsSchema } from './NewsletterConfirm.ts';
import { notFoundPropsSchema } from './NotFound.ts';
import { productCategoryPropsSchema } from './ProductCategory.ts';
import { productOverviewPropsSchema } from './ProductOverview.ts';
import { recipientBankDetailsPropsSchema } from './RecipientBankDetails.ts';
import { recipientConfirmationPropsSchema } from './RecipientConfirmation.ts';
import { recipientConsentPropsSchema } from './RecipientConsent.ts';
import { recipientDataPropsSchema } from './RecipientData.ts';
import { recommendationSharePropsSchema } from './RecommendationShare.ts';
import { recommendFormPropsSchema } from './RecommendForm.ts';
import { registrationFormPropsSchema } from './RegistrationForm.ts';
import { rewardChoicePropsSchema } from './RewardChoice.ts';
import { rewardDetailsPropsSchema } from './RewardDetails.ts';
import { rewardOverviewPropsSchema } from './RewardOverview.ts';
import { rewardThanksPropsSchema } from './RewardThanks.ts';
import { setPasswordFormPropsSchema } from './SetPasswordForm.ts';
import { stepsPropsSchema } from './Steps.ts';
import { teaserGridPropsSchema } from './TeaserGrid.ts';
import { textSectionPropsSchema } from './TextSection.ts';
import { thanksStepsPropsSchema } from './ThanksSteps.ts';

/**
 * Props schema of every registered block type: the one list the server validates page schemas against.
 * A block in blocks/ takes its props type from its entry here; tests check both lists name the same types.
 */
export const blockPropsSchemas = {
  AdminLogin: adminLoginPropsSchema,
  AgencyLogin: agencyLoginPropsSchema,
  AgencyOverview: agencyOverviewPropsSchema,
  AgentList: agentListPropsSchema,
  BankDetails: bankDetailsPropsSchema,
  CallToAction: callToActionPropsSchema,
  ChangePasswordForm: changePasswordFormPropsSchema,
  CodeEntry: codeEntryPropsSchema,
  Confirmation: confirmationPropsSchema,
  Contact: contactPropsSchema,
  ContentPage: contentPagePropsSchema,
  CustomerNumber: customerNumberPropsSchema,
  Dashboard: dashboardPropsSchema,
  ExpiredRecommendation: expiredRecommendationPropsSchema,
  Faq: faqPropsSchema,
  Footnotes: footnotesPropsSchema,
  ForgotPasswordForm: forgotPasswordFormPropsSchema,
  Greeting: greetingPropsSchema,
  Hero: heroPropsSchema,
  KeyVisual: keyVisualPropsSchema,
  LoginForm: loginFormPropsSchema,
  LogoutNotice: logoutNoticePropsSchema,
  MyData: myDataPropsSchema,
  NewsletterConfirm: newsletterConfirmPropsSchema,
  NotFound: notFoundPropsSchema,
  ProductCategory: productCategoryPropsSchema,
  ProductOverview: productOverviewPropsSchema,
  RecipientBankDetails: recipientBankDetailsPropsSchema,
  RecipientConfirmation: recipientConfirmationPropsSchema,
  RecipientConsent: recipientConsentPropsSchema,
  RecipientData: recipientDataPropsSchema,
  RecommendationShare: recommendationSharePropsSchema,
  RecommendForm: recommendFormPropsSchema,
  RegistrationForm: registrationFormPropsSchema,
  RewardChoice: rewardChoicePropsSchema,
  RewardDetails: rewardDetailsPropsSchema,
  RewardOverview: rewardOverviewPropsSchema,
  RewardThanks: rewardThanksPropsSchema,
  SetPasswordForm: setPasswordFormPropsSchema,
  Steps: stepsPropsSchema,
  TeaserGrid: teaserGridPropsSchema,
  TextSection: textSectionPropsSchema,
  ThanksSteps: thanksStepsPropsSchema,
} as const;

export type BlockType = keyof typeof blockPropsSchemas;

/** Sorted, so messages that list them read alphabetically whatever the declaration order. */
export const BLOCK_TYPES = Object.keys(blockPropsSchemas).sort() as BlockType[];

export function isBlockType(value: unknown): value is BlockType {
  return typeof value === 'string' && Object.hasOwn(blockPropsSchemas, value);
}
