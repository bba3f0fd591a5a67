/** The shop-requests module's public surface: the commands of the decide-shop-request workflows. */
export { shopRequestAcceptedMail, shopRequestRejectedMail } from './shop-requests.mails';
export { decideShopRequest, listShopRequests, lockShopRequest } from './shop-requests.service';
export { shopRequestsFileReferences } from './stored-files';
