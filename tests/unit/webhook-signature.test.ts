import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature, webhookHeaders, webhookSecretKey } from '@/lib/domain/outbox/webhook-signature';
import { eventBody } from '@/lib/worker/delivery-worker';

const secret = `whsec_${randomBytes(32).toString('base64')}`;

describe('Standard Webhooks signature', () => {
  it('matches the reference library byte for byte', () => {
    const id = 'evt_0192abc';
    const timestamp = 1_700_000_000;
    const body = JSON.stringify({ id, object: 'event', type: 'order.updated' });
    const reference = new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
    expect(signWebhook({ secret, id, timestamp, body })).toBe(reference);
  });

  it('headers verify with the reference library, and a changed body, id or timestamp does not', () => {
    const id = 'evt_1';
    const body = '{"a":1}';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders({ secret, id, timestamp, body });
    expect(headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'drug-testing-orders-webhooks/2', 'webhook-id': id, 'webhook-timestamp': String(timestamp) });
    expect(new Webhook(secret).verify(body, headers)).toEqual({ a: 1 });
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-timestamp': String(timestamp + 1) })).toThrow();
    expect(verifyWebhookSignature({ secret, id, timestamp, body, header: `v1,bm9wZQ== ${headers['webhook-signature']}` })).toBe(true);
    expect(verifyWebhookSignature({ secret, id, timestamp, body: '{"a":2}', header: headers['webhook-signature'] })).toBe(false);
  });

  it('the key is the base64 part after whsec_', () => {
    expect(webhookSecretKey('whsec_AAECAw==')).toEqual(Buffer.from([0, 1, 2, 3]));
    expect(webhookSecretKey('AAECAw==')).toEqual(Buffer.from([0, 1, 2, 3]));
    expect(() => webhookSecretKey('whsec_')).toThrow();
  });

  it('the body has id and object first and the other members sorted, at every level', () => {
    const body = eventBody({ type: 't', data: { order: { url: 'u', object: 'order', id: 'o1', code: 'C' } }, object: 'event', id: 'e1', sequence: 2 });
    expect(body).toBe('{"id":"e1","object":"event","data":{"order":{"id":"o1","object":"order","code":"C","url":"u"}},"sequence":2,"type":"t"}');
  });
});
