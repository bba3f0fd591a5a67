import type { LiveOrderEvent } from '@parade/core/vendor-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from '@/lib/session-store';
import { ordersQueryRoot } from '../api/get-orders';
import { playChime } from './chime';
import { keepLiveOrders } from './live-orders-connection';
import { useLiveOrdersStore } from './live-orders-store';

const dashboardQueryKey = ['vendor', 'dashboard'] as const;

function notifyDesktop(event: LiveOrderEvent & { kind: 'order.created' }): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (document.visibilityState === 'visible' && document.hasFocus()) return;
  try {
    new Notification('New order on Parade', {
      body: `${event.data.invoice_number}`,
      tag: `order-${event.data.order_id}`,
    });
  } catch {
    // Some browsers allow notifications only from a service worker: the title and chime still tell.
  }
}

/**
 * The merchant site's live board, mounted once in the vendor's layout: while signed in, the
 * shop's order stream is open; each event refreshes the orders lists, the order's page and the
 * dashboard at once; a new order plays the chime (unless muted), counts in the tab's title until
 * the orders list is looked at, and shows a browser notification when allowed and the tab is not
 * in front.
 */
export function useLiveOrders(): void {
  const queryClient = useQueryClient();
  const signOut = useSessionStore((s) => s.signOut);
  const location = useLocation();
  const unseen = useLiveOrdersStore((s) => s.unseen.length);

  useEffect(() => {
    const controller = new AbortController();
    const store = useLiveOrdersStore.getState();
    void keepLiveOrders(controller.signal, {
      onStatus: store.setStatus,
      onUnauthorized: () => signOut(),
      onEvent: (event) => {
        void queryClient.invalidateQueries({ queryKey: ordersQueryRoot });
        void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
        if (event.kind !== 'order.created') return;
        useLiveOrdersStore.getState().arrived(event.data.invoice_number);
        if (!useLiveOrdersStore.getState().muted) void playChime();
        notifyDesktop(event);
      },
    });
    return () => controller.abort();
  }, [queryClient, signOut]);

  // Looking at the orders list (in a tab in front) counts as having seen the new orders.
  const onOrdersList = location.pathname.replace(/\/$/, '').endsWith('/vendor/orders');
  // biome-ignore lint/correctness/useExhaustiveDependencies: an order arriving while the list is in front is seen at once
  useEffect(() => {
    if (!onOrdersList) return;
    const markSeen = () => {
      if (document.visibilityState === 'visible') useLiveOrdersStore.getState().seen();
    };
    markSeen();
    document.addEventListener('visibilitychange', markSeen);
    return () => document.removeEventListener('visibilitychange', markSeen);
  }, [onOrdersList, unseen]);

  // The tab's title counts the new orders: "(2) Parade Merchant".
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = unseen > 0 ? `(${unseen}) ${base}` : base;
  }, [unseen]);
}
