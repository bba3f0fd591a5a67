/**
 * The payments module's public surface: its routes (payment token, Stripe webhook), the job that
 * releases unpaid card checkouts, and the payment records the card-payment workflow writes.
 */
export { cardPaymentTimeoutPlugin } from './card-payment-timeout';
export { paymentFailedMail } from './payments.mails';
export { paymentsRoutes } from './payments.routes';
export {
  findLatestPayment,
  findPaymentByIntent,
  type PaymentRow,
  recordPaymentEvent,
  recordPaymentIntent,
  setPaymentStatus,
} from './payments.service';
