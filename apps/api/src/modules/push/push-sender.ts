import { Agent } from 'node:https';
import { isIP } from 'node:net';
import type { PushMessage } from '@parade/core/push-schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webPush, { WebPushError } from 'web-push';
import { isPublicAddress, publicOnlyLookup } from '../../lib/public-address';
import { forgetPushTarget, type PushTarget, recordPushOutcome } from './subscriptions';
import { loadVapidKeys } from './vapid-keys';

/** One push to one device. */
export interface PushDelivery {
  target: PushTarget;
  message: PushMessage;
}

export interface PushSender {
  /** The VAPID public key browsers subscribe with (GET /push/public-key). */
  readonly publicKey: string;
  /**
   * Call after the change's transaction has committed: runs `compose` in the background (it reads
   * what to say and to which devices) and sends each push. Never throws and never delays the
   * reply; failures are logged.
   */
  sendLater(compose: () => Promise<PushDelivery[]>): void;
  /** Resolves when nothing is being composed, queued or sent (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}

export interface PushPluginOptions {
  /**
   * Tests only: the HTTPS agent push requests go through (one that trusts their local push
   * service's certificate). Without it, an agent that connects to public addresses only.
   */
  agent?: Agent;
  /** Tests only: allow endpoints on this machine or a private network (their local push service). */
  allowPrivateAddresses?: boolean;
}

/** Requests to push services at once, per process: a burst of changes queues instead of opening hundreds of sockets. */
const MAX_SENDS_IN_FLIGHT = 8;
/** Pushes waiting past this are dropped (and logged): news that late is no longer news. */
const MAX_QUEUED = 2000;
/** A push service keeps an undelivered push this long (a phone off for the night still hears of the order). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service slower than this is given up on for this push. */
const PUSH_TIMEOUT_MS = 10_000;
/** The Topic header: at most 32 base64url characters (RFC 8030 §5.4). */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Sends web pushes (docs/decisions/027) with the `web-push` library: the payload encrypted for
 * the device (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292). A push is sent by
 * the process that made the change, once, after it committed. It is not durable: a process that
 * stops with pushes queued drops them (the status mail is the record); a push service that
 * answers 404 or 410 has dropped the subscription, so we delete it.
 */
export const pushPlugin = fp<PushPluginOptions>(
  async (app: FastifyInstance, options) => {
    const keys = await loadVapidKeys(app.config);
    const ownAgent = options.agent ? null : new Agent({ keepAlive: true, lookup: publicOnlyLookup });
    const agent = (options.agent ?? ownAgent) as Agent;
    const vapidDetails = { subject: app.config.vapid.subject, ...keys };
    const queue: PushDelivery[] = [];
    const running = new Set<Promise<void>>();
    let inFlight = 0;

    function track(work: Promise<unknown>): void {
      const done = work.then(
        () => undefined,
        (error) => app.log.error({ err: error }, 'web push crashed'),
      );
      running.add(done);
      void done.finally(() => running.delete(done));
    }

    async function send({ target, message }: PushDelivery): Promise<void> {
      const url = new URL(target.endpoint);
      const service = url.host;
      const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
      // The endpoint came from a browser, so from anyone: never a request into our own network
      // (an address given as such here; a name is checked on what it resolves to, by the agent).
      if (!options.allowPrivateAddresses && isIP(literal) !== 0 && !isPublicAddress(literal)) {
        await forgetPushTarget(app.db, target.id);
        app.log.warn({ subscriptionId: target.id, service }, 'push endpoint not on a public address; deleted');
        return;
      }
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: target.keys },
          JSON.stringify(message satisfies PushMessage),
          {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            timeout: PUSH_TIMEOUT_MS,
            // A newer push about the same order replaces one still waiting at the push service.
            ...(TOPIC.test(message.tag) ? { topic: message.tag } : {}),
            agent,
          },
        );
        await recordPushOutcome(app.db, target.id, null);
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await forgetPushTarget(app.db, target.id);
          app.log.info({ subscriptionId: target.id, service }, 'push subscription gone; deleted');
          return;
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOTPUBLIC') {
          await forgetPushTarget(app.db, target.id);
          app.log.warn({ subscriptionId: target.id, service }, 'push endpoint not on a public address; deleted');
          return;
        }
        const reason =
          error instanceof WebPushError
            ? `${error.statusCode} ${error.body}`.trim()
            : error instanceof Error
              ? error.message
              : String(error);
        app.log.warn({ subscriptionId: target.id, service, err: reason }, 'web push failed');
        await recordPushOutcome(app.db, target.id, reason);
      }
    }

    function pump(): void {
      while (inFlight < MAX_SENDS_IN_FLIGHT && queue.length > 0) {
        const delivery = queue.shift() as PushDelivery;
        inFlight += 1;
        track(
          send(delivery).finally(() => {
            inFlight -= 1;
            pump();
          }),
        );
      }
    }

    function enqueue(deliveries: PushDelivery[]): void {
      const room = MAX_QUEUED - queue.length;
      if (deliveries.length > room) {
        app.log.warn({ dropped: deliveries.length - Math.max(room, 0) }, 'web push queue full; pushes dropped');
      }
      queue.push(...deliveries.slice(0, Math.max(room, 0)));
      pump();
    }

    async function idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    }

    app.decorate('push', {
      publicKey: keys.publicKey,
      sendLater: (compose) => track(compose().then(enqueue)),
      idle,
    } satisfies PushSender);

    app.addHook('onClose', async () => {
      await idle();
      ownAgent?.destroy();
    });
  },
  { name: 'push', dependencies: ['db'] },
);
