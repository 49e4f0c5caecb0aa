import { MESSAGES } from '@portal/contracts';
import { nullIsNotFound, type RestRoute } from '../adapter';

export const partnerProfileRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/partners/me',
    procedure: 'partner.me',
    summary: "The signed-in partner's own profile (bank numbers masked); 404 before the partner has applied",
    tag: 'Partner',
    // tRPC's partner.me answers null before the application; this address keeps the spec's 404 for it.
    ...nullIsNotFound(MESSAGES.partnerProfileNotFound, 'The user has not applied yet: no partner record'),
  },
  {
    method: 'POST',
    path: '/api/partners',
    procedure: 'partner.submitApplication',
    summary: 'Submit the partner application with the accepted affiliate agreement; stored as pending',
    tag: 'Partner',
    status: 201,
    description:
      'One application per user (409 on a second). An agreementVersion older than the current one is 409, an unknown one 400. Routing and account numbers are stored encrypted and returned only masked.',
    errors: { 409: 'The user has applied already, or the agreementVersion is not the current one' },
  },
  {
    method: 'PATCH',
    path: '/api/partners/me',
    procedure: 'partner.updateProfile',
    summary: "Correct the partner's own profile: companyName, contactName, companyType, website, phone",
    tag: 'Partner',
    description:
      'The registration form’s rules and messages. Fields left out stay; website or phone sent empty are cleared.',
  },
  {
    method: 'PUT',
    path: '/api/partners/me/bank-details',
    procedure: 'partner.updateBankDetails',
    summary: 'Replace the wire details, with the current password; answers the profile with the numbers masked',
    tag: 'Partner',
    description:
      'Every wire field is required (routing number 9 digits). A wrong current password is 400 and counts as a failed sign-in. The partner and the admins get a mail ("Your bank details were changed").',
  },
  {
    method: 'PUT',
    path: '/api/partners/payment-method',
    procedure: 'partner.updatePaymentMethod',
    summary: "Choose how payouts are paid: Wire, ACH or PayPal, with that method's details and the current password",
    tag: 'Partner',
    description:
      '{ paymentMethod: "Wire", bankName, bankRoutingNumber (9 digits), bankAccountNumber, bankAccountType, bankAccountHolderName, bankAddress, beneficiaryAddress, currentPassword }, ' +
      '{ paymentMethod: "ACH", bankRoutingNumber (9 digits with a valid ABA check digit), bankAccountNumber (4 to 17 letters or digits), bankAccountType (checking or savings), bankAccountHolderName, payeeType (business: CCD, individual: PPD; default business), bankName?, currentPassword } ' +
      'or { paymentMethod: "PayPal", paypalEmail, currentPassword }. ACH and PayPal need an active partnership (409 otherwise). ' +
      "Numbers and the PayPal email are stored encrypted and answered masked; the other method's details are cleared. Failed fees of the partner are offered again. " +
      'A wrong current password is 400 and counts as a failed sign-in. The partner and the admins get a mail.',
  },
];
