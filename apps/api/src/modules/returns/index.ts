/**
 * The returns module's public surface: the return queries, commands and mails that the
 * request-return and decide-return workflows compose.
 */
export {
  type ReturnMailFacts,
  returnAcceptedMail,
  returnReceivedMail,
  returnRejectedMail,
  returnRequestedMail,
} from './returns.mails';
export {
  currentReturnWindowDays,
  heldQuantities,
  insertReturn,
  type LockedReturn,
  lockVendorReturn,
  setReturnDecision,
  setReturnReceived,
} from './returns.service';
