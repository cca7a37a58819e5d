import { profiExistingAccountMail, profiWelcomeMail } from '../../profi/account/profiMails.ts';
import { recommendationOptInMail } from '../../recommendations/recommendationOptInMail.ts';
import type { MailTemplate } from '../MailTemplate.ts';
import { agencyAlreadyRegisteredMail } from './agencyAlreadyRegistered.ts';
import { agencyActivatedMail, agencyRejectedMail } from './agencyDecision.ts';
import { agencyInvitationMail } from './agencyInvitation.ts';
import { agencyPasswordResetMail } from './agencyPasswordReset.ts';
import { agencyRegistrationConfirmMail } from './agencyRegistrationConfirm.ts';
import { agencyStaffAddedMail } from './agencyStaffAdded.ts';
import { alreadyRegisteredMail } from './alreadyRegistered.ts';
import { backofficeStaffInvitedMail } from './backofficeStaffInvited.ts';
import { contactMessageMail } from './contactMessage.ts';
import { newsletterOptinMail } from './newsletterOptin.ts';
import { notRegisteredMail } from './notRegistered.ts';
import { passwordChangedMail } from './passwordChanged.ts';
import { passwordResetMail } from './passwordReset.ts';
import { recommendationUpdateMail } from './recommendationUpdate.ts';
import { rewardReadyMail } from './rewardReady.ts';
import { voucherDeliveredMail } from './voucherDelivered.ts';
import { voucherLowStockMail } from './voucherLowStock.ts';
import { welcomeMail } from './welcome.ts';

/**
 * Every mail the platform sends, by name. Adding one: a file in this folder with `defineMailTemplate`
 * (texts in de and en, `compose`), and one line here; `app.mail.enqueue` then knows its name and data type.
 */
export const mailTemplates = {
  welcome: welcomeMail,
  passwordReset: passwordResetMail,
  notRegistered: notRegisteredMail,
  alreadyRegistered: alreadyRegisteredMail,
  passwordChanged: passwordChangedMail,
  // Issue 4, recommend: the recommendation of a guest whose e-mail has an account (server/recommendations).
  recommendationOptIn: recommendationOptInMail,
  newsletterOptin: newsletterOptinMail,
  rewardReady: rewardReadyMail,
  // Issue 6: a contact form message, to the mandant's support address (server/contact/).
  contactMessage: contactMessageMail,
  // Issue 13: the voucher code of a reward (server/vouchers).
  voucherDelivered: voucherDeliveredMail,
  // Issue 13: the recommender hears of each step that matters (server/notifications).
  recommendationUpdate: recommendationUpdateMail,
  // Issue 14: an agency invites a customer (server/agency/invitations); an owner adds staff (server/agency/staff).
  agencyInvitation: agencyInvitationMail,
  agencyStaffAdded: agencyStaffAddedMail,
  // An agency registers itself: the confirmation link, or a note that the address has a login (server/agency/registration).
  agencyRegistrationConfirm: agencyRegistrationConfirmMail,
  agencyAlreadyRegistered: agencyAlreadyRegisteredMail,
  // Issue 14: a forgotten agency password (server/agency/passwords).
  agencyPasswordReset: agencyPasswordResetMail,
  // Issue 15: a voucher pool fell below its threshold; to the finance staff (server/backoffice/payouts).
  voucherLowStock: voucherLowStockMail,
  // Issue 15: the back office activates or rejects a self-registered agency (server/backoffice/agencies).
  agencyActivated: agencyActivatedMail,
  agencyRejected: agencyRejectedMail,
  // Issue 15: an admin invites a member of the programme team (server/backoffice/staff).
  backofficeStaffInvited: backofficeStaffInvitedMail,
  // Issue 16: a profi-seller registers (server/profi/account).
  profiWelcome: profiWelcomeMail,
  profiExistingAccount: profiExistingAccountMail,
} as const;

export type MailTemplateName = keyof typeof mailTemplates;
/** The data a template needs, e.g. `MailData<'welcome'>`. */
export type MailData<Name extends MailTemplateName> =
  (typeof mailTemplates)[Name] extends MailTemplate<infer Data> ? Data : never;
