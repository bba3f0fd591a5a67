import type { VendorOrderPayload } from '@parade/core/vendor-schemas';
import { formatDateTime } from '@/lib/format';
import { addressLines } from './handover';
import classes from './packing-slip.module.css';

type Order = VendorOrderPayload['order'];

/**
 * What prints (and only prints): a packing slip that is also a pick list. The lines to pack come
 * first, grouped by product name so that a shelf is visited once, each with its quantity in large
 * figures and a box to tick; digital lines follow, with nothing to pack. Then where the order
 * goes and the shopper's note, so the slip can travel in the bag.
 */
export function PackingSlip({ order, shopName }: { order: Order; shopName: string | undefined }) {
  const physical = order.items
    .filter((item) => item.type !== 'Digital')
    .sort((a, b) => a.full_name.localeCompare(b.full_name, 'en-GB'));
  const digital = order.items.filter((item) => item.type === 'Digital');
  const units = physical.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section className={classes.slip} aria-label="Packing slip" data-testid="packing-slip">
      <header className={classes.header}>
        <div>
          <h1 className={classes.title}>Packing slip{shopName ? ` · ${shopName}` : ''}</h1>
          <p>
            Order {order.invoice.number} · placed {formatDateTime(order.created_at)}
          </p>
          <p>
            {order.customer.name}
            {order.customer.phone ? ` · ${order.customer.phone}` : ''}
          </p>
        </div>
        <div className={classes.destination}>
          <strong>{order.order_type === 'delivery' ? 'Deliver to' : 'Collection at'}</strong>
          {order.address ? (
            <>
              {addressLines(order.address).map((line) => (
                <span key={line}>{line}</span>
              ))}
              <span>Phone: {order.address.phone}</span>
            </>
          ) : (
            <span>{order.collection_point}</span>
          )}
        </div>
      </header>

      {order.note && (
        <p className={classes.note}>
          <strong>Note from the shopper:</strong> {order.note}
        </p>
      )}

      <h2 className={classes.heading}>
        To pack: {units} {units === 1 ? 'item' : 'items'}
      </h2>
      <table className={classes.pickList}>
        <thead>
          <tr>
            <th scope="col">Packed</th>
            <th scope="col">Qty</th>
            <th scope="col">Item</th>
          </tr>
        </thead>
        <tbody>
          {physical.map((item) => (
            <tr key={item.id}>
              <td>
                <span className={classes.tick} role="img" aria-label="Not yet packed" />
              </td>
              <td className={classes.quantity}>{item.quantity}</td>
              <td>{item.full_name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {digital.length > 0 && (
        <>
          <h2 className={classes.heading}>Digital: nothing to pack</h2>
          <ul>
            {digital.map((item) => (
              <li key={item.id}>{item.full_name}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
