/**
 * The payments module's public surface: the payment records the card-payment workflow writes.
 * Its routes (payment token, Stripe webhook) are registered by src/http/routes.ts; the job that
 * releases unpaid card checkouts runs a workflow, so it lives in src/jobs/.
 */
export { paymentFailedMail } from './payments.mails';
export {
  findLatestPayment,
  findPaymentByIntent,
  type PaymentRow,
  recordPaymentEvent,
  recordPaymentIntent,
  setPaymentStatus,
} from './payments.service';
export { refundTotalsBy } from './refunds.finance';
export {
  noteRefundAttempt,
  pendingRefund,
  queueCancellationRefund,
  type RefundRow,
  settleRefund,
  stalePendingRefunds,
} from './refunds.commands';
export { createStripeClient, type Stripe } from './stripe-client';
