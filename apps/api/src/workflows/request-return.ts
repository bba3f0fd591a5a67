import { formatDate } from '@parade/core/dates';
import { type CreateReturnInput, returnBlockFor, returnWindowEnd } from '@parade/core/return-schemas';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { type AppError, invalidField, notFound } from '../lib/errors';
import { enqueueMail } from '../modules/mail';
import { lockCustomerOrderLine, orderDeliveredAt } from '../modules/orders';
import { currentReturnWindowDays, heldQuantities, insertReturn, returnRequestedMail } from '../modules/returns';
import { shopsForOrders } from '../modules/shops';
import { shopOwners } from '../modules/users';

const closedOn = (end: Date) => formatDate(end, { format: 'D MMM YYYY', timeZone: 'Europe/London' });

/** How many of the line are still free to return; `left` 0 says everything is returned or waiting. */
function quantityRefusal(left: number): AppError {
  const message =
    left === 0
      ? 'Everything on this line has already been returned or is waiting for the shop.'
      : `Only ${left} of this item can still be returned.`;
  return invalidField('quantity', message, 'return_quantity_exceeded');
}

/**
 * A customer asks to return some of a line of their delivered order: checked against the line
 * (theirs, delivered, within setting `return_window_days` of delivery, at most what was bought
 * minus its pending and accepted returns), recorded `pending`, and the shop mailed, in one
 * transaction (orders + content + returns + shops + mail). The line stays locked until the
 * commit, so two requests at once cannot together return more than was bought. Answers the
 * new return's id and the outbox ids to deliver after the commit.
 */
export async function requestReturn(
  db: DbOrTx,
  config: Pick<Config, 'adminUrl'>,
  input: { customer: { id: number; name: string }; body: CreateReturnInput; now?: Date },
): Promise<{ returnId: number; mailIds: number[] }> {
  const { customer, body } = input;
  const reason = body.reason.trim();
  return db.transaction(async (tx) => {
    const line = await lockCustomerOrderLine(tx, body.order_item_id, customer.id);
    if (!line) throw notFound('Order item not found.', 'order_item_not_found');

    // The clock is read after the lock: a request that waited for another one is judged now.
    const now = input.now ?? new Date();
    const windowDays = await currentReturnWindowDays(tx);
    const deliveredAt = (await orderDeliveredAt(tx, [line.orderId])).get(line.orderId) ?? null;
    const blocked = returnBlockFor({ status: line.orderStatus, deliveredAt }, windowDays, now);
    if (blocked === 'not_delivered') {
      throw invalidField('order_item_id', 'Only items of a delivered order can be returned.', 'return_not_delivered');
    }
    if (blocked === 'window_closed') {
      const end = deliveredAt ? closedOn(returnWindowEnd(deliveredAt, windowDays)) : '';
      const message =
        windowDays === 0
          ? 'Returns are not accepted at the moment.'
          : `The ${windowDays}-day return window for this order closed on ${end}.`;
      throw invalidField('order_item_id', message, 'return_window_closed');
    }

    const held = (await heldQuantities(tx, [line.id])).get(line.id) ?? 0;
    const left = Math.max(0, line.quantity - held);
    if (body.quantity > left) throw quantityRefusal(left);

    const returnId = await insertReturn(tx, {
      userId: customer.id,
      orderId: line.orderId,
      orderItemId: line.id,
      quantity: body.quantity,
      reason,
    });

    // The shop's own e-mail, else its owner's: someone who can decide must hear of it.
    const shop = (await shopsForOrders(tx, [line.shopId])).get(line.shopId);
    const email = shop?.email || (await shopOwners(tx, [line.shopId])).get(line.shopId)?.email;
    const mailIds: number[] = [];
    if (shop && email) {
      mailIds.push(
        await enqueueMail(
          tx,
          returnRequestedMail(config.adminUrl, { email, shopName: shop.name }, customer, {
            returnId,
            orderId: line.orderId,
            invoiceNumber: line.invoiceNumber,
            fullName: line.fullName,
            quantity: body.quantity,
            reason,
          }),
        ),
      );
    }
    return { returnId, mailIds };
  });
}
