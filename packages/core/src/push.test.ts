import { describe, expect, it } from 'vitest';
import { newOrderPush, orderStatusPush } from './push-messages';
import { pushMessageSchema, pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from './push-schemas';

// A real browser's keys: 65 bytes starting 0x04, and 16 bytes (RFC 8291, Appendix A).
const p256dh = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
const auth = 'BTBZMqHH6r4Tts7J_aSIgg';
const endpoint = 'https://push.example.net/send/abc123';

describe('a push subscription as the browser sends it', () => {
  it('takes PushSubscription.toJSON() and ignores its expirationTime', () => {
    const parsed = pushSubscriptionBodySchema.parse({ endpoint, expirationTime: null, keys: { p256dh, auth } });
    expect(parsed).toEqual({ endpoint, keys: { p256dh, auth } });
  });

  it('keeps keys unpadded however they came', () => {
    const parsed = pushSubscriptionBodySchema.parse({ endpoint, keys: { p256dh, auth: `${auth}==` } });
    expect(parsed.keys.auth).toBe(auth);
  });

  it.each([
    ['http://push.example.net/send/abc', 'endpoint'],
    ['ftp://push.example.net/send/abc', 'endpoint'],
    ['https://user:secret@push.example.net/send', 'endpoint'],
    ['not a url', 'endpoint'],
    [`https://push.example.net/${'a'.repeat(1100)}`, 'endpoint'],
  ])('refuses the endpoint %s', (bad, field) => {
    const result = pushSubscriptionBodySchema.safeParse({ endpoint: bad, keys: { p256dh, auth } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it.each([
    ['a key one byte short', { p256dh: p256dh.slice(0, -2), auth }],
    ['a compressed point (0x02), not an uncompressed one', { p256dh: `Ah${p256dh.slice(2)}`, auth }],
    ['standard base64 characters', { p256dh: p256dh.replace(/_/g, '/'), auth }],
    ['an auth secret of 15 bytes', { p256dh, auth: auth.slice(0, -2) }],
    ['an empty auth', { p256dh, auth: '' }],
  ])('refuses %s', (_what, keys) => {
    expect(pushSubscriptionBodySchema.safeParse({ endpoint, keys }).success).toBe(false);
  });

  it('needs only the endpoint to unsubscribe', () => {
    expect(pushUnsubscribeBodySchema.parse({ endpoint })).toEqual({ endpoint });
    expect(pushUnsubscribeBodySchema.safeParse({ endpoint: 'http://x' }).success).toBe(false);
  });
});

describe("the pushes' words", () => {
  const facts = {
    orderId: 41,
    shopName: 'Bow Greengrocer',
    invoiceNumber: 'INV-000123',
    orderType: 'collection' as const,
    collectionPoint: 'Roman Road Market, stall 4',
    trackUrl: 'https://parade.example/profile/track?order=41',
  };

  it("tell the customer the shop's name and the status in words, like the mail's subject", () => {
    const push = orderStatusPush(facts, 'ready');
    expect(pushMessageSchema.parse(push)).toEqual({
      title: 'Bow Greengrocer: your order INV-000123 is ready for collection',
      body: 'Your order is ready. Collect it from Roman Road Market, stall 4.',
      url: 'https://parade.example/profile/track?order=41',
      tag: 'order-41',
    });
    expect(orderStatusPush({ ...facts, orderType: 'delivery' }, 'shipping').title).toBe(
      'Bow Greengrocer: your order INV-000123 is out for delivery',
    );
  });

  it('tell the shopkeeper the total and the count, without the customer', () => {
    const push = newOrderPush({
      orderId: 41,
      invoiceNumber: 'INV-000123',
      orderType: 'delivery',
      total: 1250,
      items: 3,
      orderUrl: 'https://parade.example/admin/vendor/orders/41',
    });
    expect(push).toEqual({
      title: 'New order INV-000123',
      body: '£12.50, 3 items, for delivery.',
      url: 'https://parade.example/admin/vendor/orders/41',
      tag: 'new-order-41',
    });
    expect(newOrderPush({ ...facts, total: 99, items: 1, orderUrl: '/' }).body).toBe('£0.99, 1 item, for collection.');
  });
});
