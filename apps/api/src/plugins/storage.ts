import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectStore } from '../lib/storage/object-store';
import { openObjectStore } from '../lib/storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where uploaded pictures and digital files are kept (docs/decisions/041): DATA_DIR on local
     * disk, or the bucket STORAGE_URL names, shared by every process.
     */
    storage: ObjectStore;
  }
}

/** The object store the configuration names, for routes and jobs to take from the app. */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { store?: ObjectStore }) => {
    const store = opts.store ?? openObjectStore(app.config.storage, app.config.dataDir);
    app.decorate('storage', store);
    app.log.debug({ storage: store.description }, 'object storage');
    // A store handed in (a tool, a test) belongs to whoever opened it.
    if (!opts.store) app.addHook('onClose', async () => store.close());
  },
  { name: 'storage' },
);
