/**
 * The returns module's public surface: the return queries, commands and mails that the
 * request-return and decide-return workflows compose.
 */
export {
  type ReturnMailFacts,
  type ReturnRefundFacts,
  returnAcceptedMail,
  returnReceivedMail,
  returnRefundMails,
  returnRejectedMail,
  returnRequestedMail,
} from './returns.mails';
export {
  currentReturnWindowDays,
  heldQuantities,
  insertReturn,
  type LockedReturn,
  lockVendorReturn,
  receivedQuantities,
  returnSummaries,
  setReturnDecision,
  setReturnReceived,
} from './returns.service';
