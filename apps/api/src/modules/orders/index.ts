/**
 * The orders module's public surface: the order queries and commands the checkout, status and
 * card-payment workflows compose.
 */
export {
  boughtDigitalVariationIds,
  findPurchasedDigitalLine,
  listPurchasedDigitalLines,
  type PurchasedDigitalLine,
  purchasedDigitalVariationIds,
} from './digital-lines';
export {
  claimOverdueCardInvoices,
  endCardPaymentWait,
  findInvoiceForPayment,
  type InvoiceForPayment,
  lockInvoiceForPayment,
  setInvoicePaymentStatus,
} from './invoice-payments';
export {
  type CustomerOrderLine,
  type CustomerOrderLineBrief,
  customerOrderLines,
  lockCustomerOrderLine,
  orderDeliveredAt,
  orderLineRefs,
} from './order-lines';
export {
  dueOrderMoneyFacts,
  type OrderMoneyFacts,
  orderInvoiceNumbers,
  orderInvoiceRefs,
  orderMoneyFacts,
  ordersVatByRate,
} from './order-money';
export { type OrderNoticeFacts, type OrderPushFacts, orderNoticeFacts, orderPushFacts } from './order-notices';
export { type OrderRefundFacts, orderRefundFacts, setOrderRefundedAmount } from './order-refunds';
export {
  createCheckout,
  findInvoiceByIdempotencyKey,
  INVOICE_IDEMPOTENCY_INDEX,
  invoicePaymentMethod,
  type LockedOrder,
  lockLiveInvoiceOrders,
  lockOrder,
  type NewOrderLine,
  orderSaleLines,
  setOrderPaid,
  setOrderRefunded,
  setOrderStatus,
} from './orders.commands';
export { type FinanceRange, orderSalesBy, orderShopIds } from './orders.finance';
export { checkoutReply, placeOrderReply } from './orders.service';
export { ordersFileReferences } from './stored-files';
export { findCustomerOrderForTicket, shopOrderIds, type TicketOrder } from './ticket-orders';
