/** The orders module's public surface: its routes, and the order commands the checkout, status and card-payment workflows compose. */
export {
  claimOverdueCardInvoices,
  endCardPaymentWait,
  findInvoiceForPayment,
  type InvoiceForPayment,
  lockInvoiceForPayment,
  setInvoicePaymentStatus,
} from './invoice-payments';
export {
  createInvoice,
  createOrders,
  findInvoiceByIdempotencyKey,
  INVOICE_IDEMPOTENCY_INDEX,
  type LockedOrder,
  lockLiveInvoiceOrders,
  lockOrder,
  type NewOrderLine,
  orderSaleLines,
  setOrderPaid,
  setOrderStatus,
} from './orders.commands';
export { ordersRoutes } from './orders.routes';
export { checkoutReply, placeOrderReply } from './orders.service';
export { vendorOrdersRoutes } from './vendor.routes';
