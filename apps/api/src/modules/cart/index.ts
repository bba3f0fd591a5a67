/** The cart module's public surface: the checkout's coupon and points commands. */
export {
  awardClaimPoints,
  awardDeliveryPoints,
  type ClaimedCoupon,
  claimCoupon,
  deliveryPointsAwarded,
  recordCouponRedemption,
  releaseOrderCoupon,
  returnRewardPoints,
  reverseReturnPoints,
  spendRewardPoints,
} from './cart.commands';
export { type AdvertisedCode, couponCodeExists, isRedeemable, redeemableCodes } from './coupon-lookup';
