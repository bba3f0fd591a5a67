import { describe, expect, it } from 'vitest';
import {
  createTicketSchema,
  orderIssueInputSchema,
  orderIssueSubject,
  ticketStatusChangeSchema,
} from './ticket-schemas';

describe('orderIssueSubject', () => {
  it('names the invoice, the issue and the line', () => {
    expect(orderIssueSubject('INV-2026-000123', 'damaged', 'Braeburn Apples 1kg')).toBe(
      'Order INV-2026-000123: damaged item — Braeburn Apples 1kg',
    );
    expect(orderIssueSubject('INV-2026-000123', 'wrong_item', 'Eggs 6')).toBe(
      'Order INV-2026-000123: wrong item — Eggs 6',
    );
    expect(orderIssueSubject('INV-2026-000124', 'late')).toBe('Order INV-2026-000124: late order');
    expect(orderIssueSubject('INV-2026-000124', 'other', null)).toBe('Order INV-2026-000124: another problem');
  });
});

describe('the customer’s ticket inputs', () => {
  it('trim the texts and take an optional order', () => {
    expect(createTicketSchema.parse({ subject: '  Opening hours ', message: ' When? ' })).toEqual({
      subject: 'Opening hours',
      message: 'When?',
    });
    expect(createTicketSchema.parse({ subject: 'About my order', message: 'Hi', order_id: '12' }).order_id).toBe(12);
    expect(createTicketSchema.safeParse({ subject: 'Hi', message: 'Hello' }).success).toBe(false);
  });

  it('ask for a missing subject, and say how long a short one must be', () => {
    const subjectMessages = (subject: string) =>
      (createTicketSchema.safeParse({ subject, message: 'Hello' }).error?.issues ?? [])
        .filter((issue) => issue.path[0] === 'subject')
        .map((issue) => issue.message);
    expect(subjectMessages('   ')).toEqual(['Give your ticket a subject.']);
    expect(subjectMessages('Hi')).toEqual(['Make the subject at least 3 characters.']);
    expect(subjectMessages('Hey')).toEqual([]);
  });

  it('let a customer close or reopen, never resolve', () => {
    expect(ticketStatusChangeSchema.safeParse({ status: 'close' }).success).toBe(true);
    expect(ticketStatusChangeSchema.safeParse({ status: 'open' }).success).toBe(true);
    expect(ticketStatusChangeSchema.safeParse({ status: 'resolved' }).success).toBe(false);
  });

  it('take only the contract’s order issue types', () => {
    const base = { order_id: 3, message: 'Cracked.' };
    for (const type of ['missing', 'damaged', 'wrong_item', 'late', 'other']) {
      expect(orderIssueInputSchema.safeParse({ ...base, type }).success, type).toBe(true);
    }
    expect(orderIssueInputSchema.safeParse({ ...base, type: 'broken' }).success).toBe(false);
  });
});
