/** The shop-requests module's public surface: the admin's and the requester's routes, and the commands of the decide-shop-request workflows. */
export { shopRequestsAdminRoutes } from './admin.routes';
export { shopRequestAcceptedMail, shopRequestRejectedMail } from './shop-requests.mails';
export { decideShopRequest, listShopRequests, lockShopRequest } from './shop-requests.service';
export { shopRequestsUserRoutes } from './user.routes';
