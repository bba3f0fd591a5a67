import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { announceToPeers, listenToPeers } from '../db/peers';
import { applyPeerCatalogueChange, type CatalogueChange, onLocalCatalogueChange } from '../modules/catalog';
import { applyPeerContentChange, onLocalContentChange } from '../modules/content';

/** The channel of catalogue and content changes between API processes. */
export const PEER_CHANGES_CHANNEL = 'parade_catalogue_changes';

/**
 * Product ids per announcement: PostgreSQL's NOTIFY takes at most 8,000 bytes of payload, and an
 * id is at most 7 digits and a comma at a million products. A bulk write is announced in parts.
 */
const IDS_PER_MESSAGE = 800;

type PeerChange = CatalogueChange | { kind: 'content' };

/** What the change's announcements say: one, or one per part of a long list of products. */
export function changeMessages(change: PeerChange): PeerChange[] {
  if (change.kind !== 'listings' || change.scope === 'all' || !('productIds' in change.scope)) return [change];
  const ids = change.scope.productIds;
  const parts: PeerChange[] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_MESSAGE) {
    parts.push({ kind: 'listings', scope: { productIds: ids.slice(at, at + IDS_PER_MESSAGE) } });
  }
  return parts;
}

function apply(change: PeerChange): void {
  if (change.kind === 'content') applyPeerContentChange();
  else applyPeerCatalogueChange(change);
}

/**
 * Keeps the caches of several API processes on one PostgreSQL database in step (issue 26,
 * decision 043): every catalogue or content write made through this process is announced to
 * the others (db/peers.ts: Redis, or the database's NOTIFY), and each of theirs is applied here
 * as if it were this process's own write: the reply cache, the list aggregates, the home parts
 * and the list index follow it at once, and again a second later.
 *
 * The announcement goes out as the write refreshes the read model, which is inside its
 * transaction, before it commits: the second application a second later covers a reply kept
 * in between. On PGlite there is only ever this process, which already follows its own writes.
 */
export const peerChangesPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.database.kind !== 'postgres') return;
    // Each process hears its own announcements too (NOTIFY and Redis deliver to every
    // listener): the origin tells them apart.
    const origin = randomUUID();
    const announce = (change: PeerChange) => {
      for (const message of changeMessages(change)) {
        announceToPeers(app.db, PEER_CHANGES_CHANNEL, `${origin} ${JSON.stringify(message)}`).catch((error: unknown) =>
          app.log.warn({ err: error }, 'a change could not be announced to the other API processes'),
        );
      }
    };
    const stops = [
      onLocalCatalogueChange((change) => announce(change)),
      onLocalContentChange(() => announce({ kind: 'content' })),
    ];
    let stopListening: (() => Promise<void>) | null = null;

    app.addHook('onReady', async () => {
      stopListening = await listenToPeers(app.database, PEER_CHANGES_CHANNEL, (payload) => {
        if (payload === null) {
          // Announcements may have been missed while a connection was down: drop everything.
          apply({ kind: 'listings', scope: 'all' });
          apply({ kind: 'content' });
          return;
        }
        const space = payload.indexOf(' ');
        if (space < 0 || payload.slice(0, space) === origin) return;
        try {
          apply(JSON.parse(payload.slice(space + 1)) as PeerChange);
        } catch (error) {
          app.log.warn({ err: error }, 'an announcement from another API process could not be read');
        }
      });
    });
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
      await stopListening?.();
    });
  },
  { name: 'peer-changes', dependencies: ['db'] },
);
