import type { TicketAuthor, TicketStatus } from '@parade/core/enums';

/** Support tickets of the demo customer, so the platform's ticket queue has something to answer. */
export interface DemoTicket {
  subject: string;
  status: TicketStatus;
  /** Oldest first; `hoursAgo` places each message before the seed's time. */
  messages: { author: TicketAuthor; body: string; hoursAgo: number }[];
}

export const demoTickets: DemoTicket[] = [
  {
    subject: 'Collecting an order on a Sunday',
    status: 'open',
    messages: [
      {
        author: 'customer',
        body: 'Hello, can I collect my order from the market stall on a Sunday, or only on weekdays?',
        hoursAgo: 5,
      },
    ],
  },
  {
    subject: 'Reward points not showing',
    status: 'resolved',
    messages: [
      {
        author: 'customer',
        body: 'My last order was delivered yesterday but my points balance has not changed.',
        hoursAgo: 50,
      },
      {
        author: 'staff',
        body: 'Thanks for telling us. Points arrive when the shop marks the order delivered; they are on your balance now.',
        hoursAgo: 30,
      },
    ],
  },
];

/** The time `hoursAgo` hours before `now`. */
export const hoursBefore = (now: Date, hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
