import type { AdminShopRequest } from '@parade/core/admin-schemas';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import { enqueueMail } from '../modules/mail';
import {
  decideShopRequest,
  lockShopRequest,
  shopRequestAcceptedMail,
  shopRequestRejectedMail,
} from '../modules/shop-requests';
import { createShop } from '../modules/shops';
import { makeShopOwner } from '../modules/users';

async function pendingRequest(tx: DbOrTx, id: number) {
  const found = await lockShopRequest(tx, id);
  if (!found) throw notFound('No such shop request.', 'shop_request_not_found');
  if (found.request.status !== 'pending') {
    throw new AppError(409, `This request is already ${found.request.status}.`, {}, 'shop_request_not_pending');
  }
  return found;
}

/** Accepts a shop-create request: creates the shop, makes the requester its owner and a vendor, records the decision and queues their mail, in one transaction (deliver `mailId` after it commits). */
export async function acceptShopRequest(
  db: DbOrTx,
  config: Config,
  id: number,
): Promise<{ request: AdminShopRequest; shopId: number; mailId: number }> {
  return db.transaction(async (tx) => {
    const { request, user } = await pendingRequest(tx, id);
    const shopId = await createShop(tx, {
      name: request.shopName,
      description: request.description,
      phone: request.phone,
      email: request.email,
      address: request.address,
      postcode: request.postcode,
      // The request's logo file becomes the shop's as it is (the same URL): a later logo upload
      // in the merchant site replaces the shop's reference only, and the request keeps showing it.
      logo: request.logo,
    });
    await makeShopOwner(tx, user.id, shopId);
    const decided = await decideShopRequest(tx, id, { status: 'accepted', shopId });
    const mailId = await enqueueMail(tx, shopRequestAcceptedMail(config, user, { name: request.shopName }));
    return { request: decided, shopId, mailId };
  });
}

/** Rejects a shop-create request with the admin's reason and queues the requester's mail, in one transaction (deliver `mailId` after it commits). */
export async function rejectShopRequest(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  id: number,
  reason: string,
): Promise<{ request: AdminShopRequest; mailId: number }> {
  return db.transaction(async (tx) => {
    const { request, user } = await pendingRequest(tx, id);
    const decided = await decideShopRequest(tx, id, { status: 'rejected', reason });
    const mailId = await enqueueMail(tx, shopRequestRejectedMail(config, user, request.shopName, reason));
    return { request: decided, mailId };
  });
}
