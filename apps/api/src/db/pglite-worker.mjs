/**
 * PGlite on a worker thread (plain JavaScript: it runs without the TypeScript loader). It owns
 * the database; the main thread sends it queries (pglite-thread.ts) and keeps serving while a
 * slow statement runs here. Messages: {id, op, ...}; every one is answered {id, ok, result|error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { durableOptions } from './pglite-durable.mjs';

const identity = (value) => value;

/** Query options as sent: functions cannot cross threads, so parsers come as the type ids to keep as text. */
function options(sent) {
  if (!sent) return undefined;
  const { textTypes, ...rest } = sent;
  return textTypes ? { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, identity])) } : rest;
}

/** Everything the driver's error carries (code, detail, constraint...), as plain data. */
function plainError(error) {
  const plain = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
      plain[key] = value;
    }
  }
  return plain;
}

const db = await PGlite.create({
  dataDir: workerData.dataDir,
  extensions: { pg_trgm },
  postgresqlconf: workerData.postgresqlconf,
  ...(workerData.durable && workerData.dataDir ? durableOptions(workerData.dataDir) : {}),
  ...(workerData.from ? { loadDataDir: new Blob([workerData.from]) } : {}),
});
/** Open transactions by id: the worker holds each open until the main thread commits or rolls back. */
const transactions = new Map();
/** LISTENs by channel: how to stop each. Notifications go to the main thread as {notify, payload}. */
const listening = new Map();

async function handle(message) {
  const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
  switch (message.op) {
    case 'query':
      if (!target) throw new Error('transaction is closed');
      return target.query(message.sql, message.params, options(message.options));
    case 'exec':
      if (!target) throw new Error('transaction is closed');
      return target.exec(message.sql, options(message.options));
    case 'begin':
      return new Promise((started, failedToStart) => {
        const entry = {};
        // Settles when PGlite has committed (or failed to) or rolled back.
        entry.result = db
          .transaction(
            (tx) =>
              new Promise((commit, rollback) => {
                Object.assign(entry, { tx, commit, rollback });
                transactions.set(message.newTx, entry);
                started(undefined);
              }),
          )
          .finally(() => transactions.delete(message.newTx));
        entry.done = entry.result.catch(() => {});
        entry.done.then(() => failedToStart(new Error('transaction ended before it started')));
      });
    case 'commit':
    case 'rollback': {
      const entry = transactions.get(message.tx);
      if (!entry) return undefined;
      if (message.op === 'commit') {
        entry.commit();
        await entry.result;
      } else {
        entry.rollback(new Error('rolled back'));
        await entry.done;
      }
      return undefined;
    }
    case 'listen':
      if (!listening.has(message.channel)) {
        listening.set(
          message.channel,
          await db.listen(message.channel, (payload) => parentPort.postMessage({ notify: message.channel, payload })),
        );
      }
      return undefined;
    case 'unlisten':
      await listening.get(message.channel)?.();
      listening.delete(message.channel);
      return undefined;
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`unknown op ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
parentPort.postMessage({ ready: true });
