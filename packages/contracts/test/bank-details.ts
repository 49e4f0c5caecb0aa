// Wire bank details that pass every rule of the registration form and of the payment method form
// (021000021 passes the ABA check digit); a test overrides the one field it is about.

export const completeWireDetails = {
  bankName: 'First Bank',
  bankRoutingNumber: '021000021',
  bankAccountNumber: 'AB1234567',
  bankAccountType: 'checking',
  bankAccountHolderName: 'Acme LLC',
  bankAddress: '1 Main St',
  beneficiaryAddress: '2 Side St',
};
