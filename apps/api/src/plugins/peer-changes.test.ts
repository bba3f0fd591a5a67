import { describe, expect, it } from 'vitest';
import { changeMessages } from './peer-changes';

describe('the announcements of a change to the other API processes', () => {
  it("splits a bulk write's products so that every NOTIFY payload stays under PostgreSQL's 8,000 bytes", () => {
    const productIds = Array.from({ length: 2_500 }, (_, i) => 1_000_000 + i);
    const messages = changeMessages({ kind: 'listings', scope: { productIds } });
    expect(messages).toHaveLength(4);
    const announced = messages.flatMap((m) =>
      m.kind === 'listings' && m.scope !== 'all' && 'productIds' in m.scope ? m.scope.productIds : [],
    );
    expect(announced).toEqual(productIds);
    // The payload as sent: a 36-character origin, a space and the JSON.
    for (const message of messages)
      expect(Buffer.byteLength(`${'x'.repeat(36)} ${JSON.stringify(message)}`)).toBeLessThan(8_000);
  });

  it('sends any other change as it is', () => {
    for (const change of [
      { kind: 'listings', scope: 'all' },
      { kind: 'listings', scope: { shopId: 3 } },
      { kind: 'structure' },
      { kind: 'content' },
    ] as const) {
      expect(changeMessages(change)).toEqual([change]);
    }
  });
});
