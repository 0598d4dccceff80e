// Interface: Errors / 409 (EMAIL_OTP_EMAIL_ALREADY_EXISTS; EMAIL_OTP_CREDENTIAL_SET_CHANGED "credential set
// changed after the signed-retry challenge was issued"). PATCH /customers/{customerId} of an
// embedded-wallet customer's email or phone number through the signed retry: basis: supplement
// (sections 4, 10 and 17).
import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import {
  CREDENTIALS, emailChange, freshEmail, listCredentials, loggedInWallet, refusalOnEitherLeg, signatureRequest, signed, signedRetryOf, stampHeaders, walletAccount, type Call, needEmbeddedWallet, WALLET_CONTACT,
} from '../../helpers/flows/wallet.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Customer } from '../../helpers/schemas/index.js';
import { AuthMethod } from '../../helpers/schemas/wallet.js';

const CUSTOMER = WALLET_CONTACT;
const phoneChange = (customerId: string, phoneNumber: string): Call => ({ params: { customerId }, body: { customerType: 'INDIVIDUAL', phoneNumber } });
/** A US number in E.164, random enough not to be any other customer's. */
const freshPhone = () => `+1${String(2 + randomInt(8))}${String(randomInt(1e9)).padStart(9, '0')}`;

describe('PATCH /customers/{customerId} (embedded-wallet contact)', () => {
  scenario({ area: 'Embedded Wallet Auth', operation: 'PATCH /customers/{customerId}', section: 'Errors', basis: 'supplement' });

  it('changes the email through the signed retry (202, then 200 Customer), and the EMAIL_OTP credential follows it', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: PATCH /customers/{id} email, 202 -> (tied wallet session) 200 Customer; EMAIL_OTP nickname is its email');
    const { customerId, account, key } = await loggedInWallet();
    const email = freshEmail();
    const customer = expectStatus(await signed('PATCH', CUSTOMER, emailChange(customerId, email), key), 200, Customer);
    expect(customer.email, 'the customer takes the new email').toBe(email);
    const emailOtp = (await listCredentials(account.id)).filter((c) => c.type === 'EMAIL_OTP');
    expect(emailOtp.map((c) => c.nickname), 'the EMAIL_OTP credential names the new email').toEqual([email]);
  });

  it('answers 400 to email and phoneNumber in one call, and 401 WALLET_SIGNATURE_BODY_MISMATCH to a retry with another email; one field signed goes through', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:401:WALLET_SIGNATURE_BODY_MISMATCH']);
    await basisSupplement('sections 4 and 17: email and phoneNumber change in separate calls (400); BODY_MISMATCH for PATCH customer');
    const { customerId, key } = await loggedInWallet();
    const both = await refusalOnEitherLeg('PATCH', CUSTOMER, { params: { customerId }, body: { customerType: 'INDIVIDUAL', email: freshEmail(), phoneNumber: '+14155550123' } }, key);
    expectError(both, 400, undefined, 'supplement 4: email and phoneNumber must change in separate calls');
    const call = emailChange(customerId, freshEmail());
    const request = await signatureRequest('PATCH', CUSTOMER, call);
    expectError(await signedRetryOf('PATCH', CUSTOMER, emailChange(customerId, freshEmail()), stampHeaders(key, request)), 401, 'WALLET_SIGNATURE_BODY_MISMATCH');
    expectStatus(await signed('PATCH', CUSTOMER, call, key), 200, Customer, 'control: the bound body, signed on a request id of its own');
  });

  it('answers 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS for the email of another wallet\'s EMAIL_OTP credential, and takes a free one', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:409:EMAIL_OTP_EMAIL_ALREADY_EXISTS']);
    await basisSupplement('section 17: PATCH /customers/{id} (EW contact) 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS');
    const [{ customerId, key }, other] = await Promise.all([loggedInWallet(), walletAccount()]);
    const taken = await refusalOnEitherLeg('PATCH', CUSTOMER, emailChange(customerId, other.email), key);
    expectError(taken, 409, 'EMAIL_OTP_EMAIL_ALREADY_EXISTS');
    const email = freshEmail();
    expect(expectStatus(await signed('PATCH', CUSTOMER, emailChange(customerId, email), key), 200, Customer, 'control: a free email').email).toBe(email);
  });

  it('frees the email a wallet left: another wallet then takes it (the EMAIL_OTP credential followed the change)', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: PATCH /customers/{id} (EW contact) 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS; AuthMethod nickname = its email');
    const [first, second] = await Promise.all([loggedInWallet(), loggedInWallet()]);
    const moved = freshEmail();
    expectStatus(await signed('PATCH', CUSTOMER, emailChange(first.customerId, moved), first.key), 200, Customer, 'the first wallet changes its email');
    expect((await listCredentials(first.account.id)).filter((c) => c.type === 'EMAIL_OTP').map((c) => c.nickname), 'its EMAIL_OTP credential names the new email').toEqual([moved]);
    const taken = expectStatus(await signed('PATCH', CUSTOMER, emailChange(second.customerId, first.email), second.key), 200, Customer, 'the email left is held by no EMAIL_OTP credential, so it is not EMAIL_OTP_EMAIL_ALREADY_EXISTS: another wallet takes it');
    expect(taken.email).toBe(first.email);
    const held = await refusalOnEitherLeg('PATCH', CUSTOMER, emailChange(second.customerId, moved), second.key);
    expectError(held, 409, 'EMAIL_OTP_EMAIL_ALREADY_EXISTS', 'control: the email the first wallet moved to is held');
  });

  it('answers 409 to the phone number of another wallet\'s SMS_OTP credential (the code is unlisted), and takes a free one', async (ctx) => {
    needEmbeddedWallet(ctx);
    await basisSupplement('section 17: PATCH /customers/{id} (EW contact) 409 phone in use (code unlisted); an SMS_OTP nickname is its E.164 number');
    const [{ customerId, key }, other] = await Promise.all([loggedInWallet(), loggedInWallet()]);
    const sms = expectStatus(await signed('POST', CREDENTIALS, { body: { type: 'SMS_OTP', accountId: other.account.id } }, other.key), 201, AuthMethod, 'the other wallet adds an SMS_OTP credential');
    const taken = await refusalOnEitherLeg('PATCH', CUSTOMER, phoneChange(customerId, sms.nickname), key);
    const error = expectError(taken, 409, undefined, 'supplement 17: PATCH /customers/{id} (EW contact): 409 for a phone number in use (code unlisted)');
    noteInterface('embedded-wallet-auth:phone-in-use-code', ['supplement 17: PATCH /customers/{id} (EW contact) ... 409 ... phone in use (code unlisted)'], `409 ${error.code}`);
    expect((await api.get(CUSTOMER, { params: { customerId } })).body, 'a refused change keeps the phone number').not.toMatchObject({ phoneNumber: sms.nickname });
    const phone = freshPhone();
    expect(expectStatus(await signed('PATCH', CUSTOMER, phoneChange(customerId, phone), key), 200, Customer, 'control: a free phone number').phoneNumber).toBe(phone);
  });

  it('answers 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when a credential is added between the 202 and the retry; a new signature request goes through', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:409:EMAIL_OTP_CREDENTIAL_SET_CHANGED']);
    await basisSupplement('Errors / 409: EMAIL_OTP_CREDENTIAL_SET_CHANGED (credential set changed after the signed-retry challenge was issued)');
    const { customerId, account, key } = await loggedInWallet();
    const call = emailChange(customerId, freshEmail());
    const stale = await signatureRequest('PATCH', CUSTOMER, call);
    expectStatus(await signed('POST', CREDENTIALS, { body: { type: 'SMS_OTP', accountId: account.id } }, key), 201, AuthMethod, 'the credential set changes');

    expectError(await signedRetryOf('PATCH', CUSTOMER, call, stampHeaders(key, stale)), 409, 'EMAIL_OTP_CREDENTIAL_SET_CHANGED');
    expectStatus(await signed('PATCH', CUSTOMER, call, key), 200, Customer, 'control: a signature request issued after the change');
  });

  it('answers 424 EMAIL_OTP_CREDENTIAL_SYNC_FAILED when the new email cannot reach the EMAIL_OTP credential, and changes nothing; another email goes through', async (ctx) => {
    needEmbeddedWallet(ctx, ['error:424:EMAIL_OTP_CREDENTIAL_SYNC_FAILED']);
    requireCapability(ctx, capabilities.walletSyncFailureEmailDomain !== undefined, 'the target declares no email domain whose change fails to sync (SVC_WALLET_SYNC_FAILURE_EMAIL_DOMAIN)', ['error:424:EMAIL_OTP_CREDENTIAL_SYNC_FAILED']);
    await basisSupplement('section 17: PATCH /customers/{id} (EW contact) 424 EMAIL_OTP_CREDENTIAL_SYNC_FAILED');
    const { customerId, account, email, key } = await loggedInWallet();
    const failing = `conformance-${randomUUID().slice(0, 8)}@${capabilities.walletSyncFailureEmailDomain}`;
    expectError(await signed('PATCH', CUSTOMER, emailChange(customerId, failing), key), 424, 'EMAIL_OTP_CREDENTIAL_SYNC_FAILED');
    const unchanged = expectStatus(await api.get(CUSTOMER, { params: { customerId } }), 200, Customer);
    expect(unchanged.email, 'a failed sync leaves the customer\'s email as it was').toBe(email);
    expect((await listCredentials(account.id)).filter((c) => c.type === 'EMAIL_OTP').map((c) => c.nickname)).toEqual([email]);
    const other = freshEmail();
    expect(expectStatus(await signed('PATCH', CUSTOMER, emailChange(customerId, other), key), 200, Customer, 'control: an email that syncs').email).toBe(other);
  });
});
