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
  paymentEventSeen,
  recordPaymentEvent,
  recordPaymentIntent,
  setPaymentStatus,
} from './payments.service';
export {
  claimStalePendingRefunds,
  findRefund,
  findRefundForStripe,
  ledgerDueReturnRefunds,
  noteRefundAttempt,
  orderRefunds,
  pendingRefund,
  queueCancellationRefund,
  queueReturnRefund,
  type RefundRow,
  recordOutsideRefund,
  refundedOfOrder,
  refundsOfOrders,
  refundsOfReturns,
  reopenFailedRefund,
  settleCashRefund,
  settleRefund,
  troubledRefunds,
} from './refunds.commands';
export { refundTotalsBy } from './refunds.finance';
export { orderRefundList, toAdminRefund, toOrderRefund, toReturnRefund, withReturnRefunds } from './refunds.payloads';
export { createStripeClient, type Stripe } from './stripe-client';
