/** The cart module's public surface: its routes (coupon checks, reward balances) and the checkout's coupon and points commands. */
export {
  awardClaimPoints,
  awardDeliveryPoints,
  type ClaimedCoupon,
  claimCoupon,
  recordCouponRedemption,
  releaseOrderCoupon,
  returnRewardPoints,
  spendRewardPoints,
} from './cart.commands';
export { cartRoutes } from './cart.routes';
export { vendorCouponsRoutes } from './vendor-coupons.routes';
