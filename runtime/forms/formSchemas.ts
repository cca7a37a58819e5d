import { agencyMasterDataSchema } from '../../schemas/forms/agencyMasterData.ts';
import {
  agencyRegistrationDataSchema,
  agencyRegistrationSchema,
} from '../../schemas/forms/agencyRegistration.ts';
import { agentSearchSchema } from '../../schemas/forms/agentSearch.ts';
import {
  backofficeApiKeyRotationSchema,
  backofficeApiKeySchema,
} from '../../schemas/forms/backofficeApiKey.ts';
import { backofficeChannelRanksSchema } from '../../schemas/forms/backofficeChannelRanks.ts';
import { backofficeFiguresFilterSchema } from '../../schemas/forms/backofficeFigures.ts';
import {
  backofficeOrderActionSchema,
  backofficeOrderReassignSchema,
  backofficeReviewSchema,
} from '../../schemas/forms/backofficeOrderAction.ts';
import {
  backofficeStaffInvitationSchema,
  backofficeStaffRolesSchema,
} from '../../schemas/forms/backofficeStaff.ts';
import {
  backofficeAgencyDecisionSchema,
  backofficeEraseSchema,
  backofficeSupportSearchSchema,
} from '../../schemas/forms/backofficeSupport.ts';
import { backofficeTotpSchema } from '../../schemas/forms/backofficeTotp.ts';
import { backofficeWebhookEndpointSchema } from '../../schemas/forms/backofficeWebhookEndpoint.ts';
import { bankDetailsSchema } from '../../schemas/forms/bankDetails.ts';
import { changePasswordSchema } from '../../schemas/forms/changePassword.ts';
import { codeEntrySchema } from '../../schemas/forms/codeEntry.ts';
import { contactSchema } from '../../schemas/forms/contact.ts';
import { customerNumberSchema } from '../../schemas/forms/customerNumber.ts';
import { forgotPasswordSchema } from '../../schemas/forms/forgotPassword.ts';
import { invitationSchema } from '../../schemas/forms/invitation.ts';
import { invitationRegistrationSchema } from '../../schemas/forms/invitationRegistration.ts';
import { loginSchema } from '../../schemas/forms/login.ts';
import { payoutRunSchema } from '../../schemas/forms/payoutRun.ts';
import { personalDataSchema } from '../../schemas/forms/personalData.ts';
import { profiDataSchema, profiRegistrationSchema } from '../../schemas/forms/profiSeller.ts';
import { recipientBankDetailsSchema } from '../../schemas/forms/recipientBankDetails.ts';
import { recipientConsentSchema } from '../../schemas/forms/recipientConsent.ts';
import { recipientDataSchema } from '../../schemas/forms/recipientData.ts';
import { registrationSchema } from '../../schemas/forms/registration.ts';
import { rewardDetailsSchema } from '../../schemas/forms/rewardDetails.ts';
import { rewardPlanEntrySchema } from '../../schemas/forms/rewardPlanEntry.ts';
import { setPasswordSchema } from '../../schemas/forms/setPassword.ts';
import { staffInvitationSchema } from '../../schemas/forms/staffInvitation.ts';
import { statisticsPeriodSchema } from '../../schemas/forms/statisticsPeriod.ts';
import { voucherThresholdSchema } from '../../schemas/forms/voucherThreshold.ts';
import {
  recommendFormAgentSchema,
  recommendFormCompanySchema,
  recommendFormSchema,
} from '../../schemas/recommendForm.ts';

/**
 * Every form whose validator is precompiled at build time (docs/adr/0010-forms-without-eval.md), by the name
 * its virtual module has: `virtual:form-validator/NAME`. Adding a form: its schema in schemas/, one line
 * here (the Vite plugin makes the validator index from this object). The schema passed to the form must be
 * exactly this object.
 */
export const FORM_SCHEMAS = {
  recommendForm: recommendFormSchema,
  recommendFormAgent: recommendFormAgentSchema,
  recommendFormCompany: recommendFormCompanySchema,
  recipientData: recipientDataSchema,
  setPassword: setPasswordSchema,
  changePassword: changePasswordSchema,
  personalData: personalDataSchema,
  codeEntry: codeEntrySchema,
  login: loginSchema,
  forgotPassword: forgotPasswordSchema,
  registration: registrationSchema,
  contact: contactSchema,
  customerNumber: customerNumberSchema,
  bankDetails: bankDetailsSchema,
  recipientBankDetails: recipientBankDetailsSchema,
  recipientConsent: recipientConsentSchema,
  rewardDetails: rewardDetailsSchema,
  agentSearch: agentSearchSchema,
  invitation: invitationSchema,
  invitationRegistration: invitationRegistrationSchema,
  staffInvitation: staffInvitationSchema,
  rewardPlanEntry: rewardPlanEntrySchema,
  agencyMasterData: agencyMasterDataSchema,
  statisticsPeriod: statisticsPeriodSchema,
  backofficeFiguresFilter: backofficeFiguresFilterSchema,
  agencyRegistration: agencyRegistrationSchema,
  agencyRegistrationData: agencyRegistrationDataSchema,
  payoutRun: payoutRunSchema,
  voucherThreshold: voucherThresholdSchema,
  backofficeTotp: backofficeTotpSchema,
  backofficeOrderAction: backofficeOrderActionSchema,
  backofficeOrderReassign: backofficeOrderReassignSchema,
  backofficeReview: backofficeReviewSchema,
  backofficeSupportSearch: backofficeSupportSearchSchema,
  backofficeErase: backofficeEraseSchema,
  backofficeAgencyDecision: backofficeAgencyDecisionSchema,
  backofficeChannelRanks: backofficeChannelRanksSchema,
  backofficeApiKey: backofficeApiKeySchema,
  backofficeApiKeyRotation: backofficeApiKeyRotationSchema,
  backofficeWebhookEndpoint: backofficeWebhookEndpointSchema,
  backofficeStaffInvitation: backofficeStaffInvitationSchema,
  backofficeStaffRoles: backofficeStaffRolesSchema,
  profiRegistration: profiRegistrationSchema,
  profiData: profiDataSchema,
} as const;

export type FormName = keyof typeof FORM_SCHEMAS;
