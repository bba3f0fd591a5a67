import { Anchor, Button, Modal, Skeleton, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { notify } from '@/components/ui/notify';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useOrderReturnOptions } from '../api/get-order-return-options';
import { ReturnItemForm } from './return-item-form';

/**
 * A line's "Return item" action on the order page: for a delivered order inside its return
 * window with something left to return, a button that opens the request form; otherwise a
 * short line saying why not (window closed, nothing left). Nothing at all before delivery.
 * Every line of the order shares one request for what is returnable.
 */
export function ReturnItemButton({
  order,
  item,
}: {
  order: { id: number; status: string };
  item: { id: number; full_name: string };
}) {
  const delivered = order.status === 'delivered';
  const options = useOrderReturnOptions(order.id, delivered);
  const formatDate = useFormatDate();
  const phone = useMediaQuery('(max-width: 36em)');
  const [open, setOpen] = useState(false);
  const started = useOpenedOnce(open);
  // Each request sent gives the next opening a fresh form.
  const [sent, setSent] = useState(0);

  if (!delivered) return null;
  if (options.isPending) return <Skeleton height={26} width={110} radius="sm" aria-hidden />;
  if (options.isError) {
    return (
      <Text size="xs" c="dimmed">
        Returns could not be checked just now.
      </Text>
    );
  }

  const line = options.data.items.find((i) => i.order_item_id === item.id);
  if (!line) return null;
  const until = options.data.returnable_until ? formatDate(options.data.returnable_until) : '';
  const seeReturns = (
    <Anchor component={Link} to={paths.orderReturns()} size="xs" underline="always">
      See your returns
    </Anchor>
  );

  if (options.data.blocked === 'window_closed') {
    return (
      <Text size="xs" c="dimmed">
        {options.data.window_days === 0
          ? 'Returns are not accepted at the moment.'
          : `The return window closed on ${until}.`}
        {line.returned_quantity > 0 && <> {seeReturns}</>}
      </Text>
    );
  }
  if (line.returnable_quantity === 0) {
    return (
      <Text size="xs" c="dimmed">
        {line.quantity === 1 ? 'This item is' : `All ${line.quantity} are`} already returned or waiting for the shop.{' '}
        {seeReturns}
      </Text>
    );
  }

  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`Return item: ${item.full_name}`}
      >
        Return item
      </Button>
      {line.returned_quantity > 0 && (
        <Text size="xs" c="dimmed">
          {line.returned_quantity} already returned or waiting. {seeReturns}
        </Text>
      )}
      {/* Kept mounted once opened: closing it by mistake keeps what was typed; a request sent starts a fresh form. */}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Return an item"
        fullScreen={phone}
        size="md"
        keepMounted
      >
        {started && (
          <ReturnItemForm
            key={sent}
            item={item}
            left={line.returnable_quantity}
            until={until}
            onCancel={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              setSent((n) => n + 1);
              notify({ kind: 'success', message: 'Return requested. We will e-mail you the shop’s answer.' });
            }}
          />
        )}
      </Modal>
    </>
  );
}
