// Interface: Authentication 5 ("A request whose signature fails verification is to be rejected with
// 401. Error code INVALID_SIGNATURE (401) means a signature header is invalid."); Errors / 401.
// No operation of the interface verifies an X-Svc-Signature sent to the service: the target declares
// one of its own (SVC_WEBHOOK_SIGNATURE_CHECK: POST /sandbox/webhooks/verify-signature {payload} with
// the X-Svc-Signature header), and the scenario hands it a delivery the listener received and
// verified, then the same delivery altered.
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectEvents } from '../../helpers/events.js';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { activeAccount, createCustomer, fund } from '../../helpers/flows/customers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';

const check = (payload: string, signature?: string) =>
  api.post('/sandbox/webhooks/verify-signature', { body: { payload }, headers: signature === undefined ? {} : { 'x-svc-signature': signature } });

describe('X-Svc-Signature verification by the target', () => {
  scenario({ area: 'Webhooks', operation: 'POST /sandbox/webhooks/verify-signature', section: 'Authentication' });

  it('rejects a signature that does not verify with 401 INVALID_SIGNATURE, and accepts the delivery as it was signed', async (ctx) => {
    requireCapability(ctx, capabilities.webhookSignatureCheck && capabilities.sandboxTriggers, 'the target declares no operation that verifies an X-Svc-Signature (SVC_WEBHOOK_SIGNATURE_CHECK)', ['error:401:INVALID_SIGNATURE']);
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id);
    const since = await listener.mark();
    await fund(account.id, 2_468);
    const [event] = await expectEvents(account.id, [{ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', where: (d) => d.balance.amount === account.balance.amount + 2_468, what: 'the deposit' }], { since });
    // The listener verified this delivery's signature with the service public key (Authentication 5).
    const delivered = (await listener.rawDeliveries(account.id, since)).find((d) => d.eventId === event.id && d.signatureOk && d.rawBody);
    expect(delivered, `the listener kept the raw body and signature of ${event.id}`).toBeDefined();
    const payload = delivered!.rawBody!;
    const signature = String(delivered!.signatureHeader);

    // Control: the delivery as the service signed it verifies.
    expect(expectStatus(await check(payload, signature), 200, undefined, 'the signed delivery verifies')).toMatchObject({ valid: true });

    // The same signature over a body changed by one character, another delivery's body, no header, a header that is no signature.
    const alteredId = `${event.id.slice(0, -1)}${event.id.endsWith('0') ? '1' : '0'}`;
    const altered = payload.replace(event.id, alteredId);
    expect(altered, 'the payload carries its envelope id').not.toBe(payload);
    for (const [what, res] of [
      ['an altered body', await check(altered, signature)],
      ['another body', await check(JSON.stringify({ ...JSON.parse(payload), id: 'Webhook:forged' }), signature)],
      ['no X-Svc-Signature', await check(payload)],
      ['a header that is no signature', await check(payload, 'not a signature')],
    ] as const) {
      expectError(res, 401, 'INVALID_SIGNATURE', `Authentication 5: a signature that fails verification (${what}) is rejected with 401; INVALID_SIGNATURE means a signature header is invalid`);
    }
    noteInterface(
      'webhooks:invalid-signature-operation',
      ['Authentication 5: "A request whose signature fails verification is to be rejected with 401. Error code INVALID_SIGNATURE (401) means a signature header is invalid."', '(no operation of the service that verifies a signature is named)'],
      'the target declares POST /sandbox/webhooks/verify-signature (SVC_WEBHOOK_SIGNATURE_CHECK)',
    );
  });
});
