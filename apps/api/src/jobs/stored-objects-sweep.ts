import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepStoredObjects } from '../workflows/sweep-stored-objects';

/**
 * Every STORAGE_SWEEP_MINUTES, deletes stored pictures and digital files no row mentions any
 * more and older than STORAGE_SWEEP_GRACE_MINUTES (workflows/sweep-stored-objects.ts). Every API
 * process may run it: on PostgreSQL one sweeps at a time. Off when the interval is 0 (the default
 * under NODE_ENV=test); stops with the app, waiting for a sweep under way.
 */
export const storedObjectsSweepPlugin = fp(
  async (app: FastifyInstance) => {
    const { sweepMinutes, graceMinutes } = app.config.storageSweep;
    if (sweepMinutes <= 0) return;
    let running: Promise<void> | null = null;
    const sweep = () => {
      if (running) return;
      running = sweepStoredObjects(app.database, app.storage, { graceMs: graceMinutes * 60_000 })
        .then(({ deleted }) => {
          if (deleted.length > 0) app.log.info({ deleted }, 'unreferenced stored objects deleted');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'sweeping unreferenced stored objects failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(sweep, sweepMinutes * 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'stored-objects-sweep', dependencies: ['db', 'storage'] },
);
