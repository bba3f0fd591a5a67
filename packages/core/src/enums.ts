/**
 * Every enumerated value that crosses the wire or is stored as a database enum, as an
 * `as const` list (for Drizzle's pgEnum and for loops) with its zod enum and type.
 * The lists are the contract's (api-contract.md, "Statuses" and "Catalogue"); changing one
 * changes the database enum, so a migration must go with it.
 */
import { z } from 'zod';
import {
  claimStatuses,
  couponTypes,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  orderIssueTypes,
  orderStatuses,
  orderTypes,
  outboxStatuses,
  paymentMethods,
  paymentStatuses,
  productTypes,
  returnStatuses,
  rewardReasons,
  shopRequestStatuses,
  sliderTypes,
  sortByValues,
  ticketAuthors,
  ticketStatuses,
  userRoles,
} from './enum-values';
import { wholeNumberOrDigits } from './ids';

export * from './enum-values';

export const productTypeSchema = z.enum(productTypes);
export const userRoleSchema = z.enum(userRoles);
export const sliderTypeSchema = z.enum(sliderTypes);
export const orderTypeSchema = z.enum(orderTypes);
export const orderStatusSchema = z.enum(orderStatuses);
export const paymentStatusSchema = z.enum(paymentStatuses);
export const paymentMethodSchema = z.enum(paymentMethods);
export const ticketStatusSchema = z.enum(ticketStatuses);
export const ticketAuthorSchema = z.enum(ticketAuthors);
export const orderIssueTypeSchema = z.enum(orderIssueTypes);
export const returnStatusSchema = z.enum(returnStatuses);
export const shopRequestStatusSchema = z.enum(shopRequestStatuses);
export const claimStatusSchema = z.enum(claimStatuses);
export const couponTypeSchema = z.enum(couponTypes);
export const rewardReasonSchema = z.enum(rewardReasons);
export const sortBySchema = z.enum(sortByValues);
export const outboxStatusSchema = z.enum(outboxStatuses);

/** A line's quantity on the wire: a whole number from 1 to 9999 (decimal text accepted, nothing else: ids.ts). */
export const lineQuantitySchema = wholeNumberOrDigits(z.number().int().min(MIN_LINE_QUANTITY).max(MAX_LINE_QUANTITY));
