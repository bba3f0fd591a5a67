import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from '../lib/redis';

/**
 * @fastify/rate-limit's store, shared through Redis (issue 26): every per-address and per-user
 * limit declared on a route (`config: { rateLimit }`) counts across the API processes while Redis
 * is up, and in this process alone while it is away (the plugin's own in-memory store), so a
 * request is never refused or held because Redis is gone. The counters kept in the database
 * (sign-in and reset limits, modules/auth/rate-limit.ts) are shared whatever happens.
 *
 * The two stores are the plugin's own (store/RedisStore.js, store/LocalStore.js): the same
 * counting rules and the same Redis script the plugin uses with its `redis` option.
 */

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** The plugin's stores also read a counter without counting (`read`, for `{ increment: false }`). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteParams): Store;
}
/** What the plugin passes the store's constructor and `child`: its global params, then each route's merged ones. */
interface RouteParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}
type StoreClass = new (...args: unknown[]) => Store;

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/** The store class to give @fastify/rate-limit (`store`): it constructs it with its global params. */
export function sharedRateLimitStore(link: RedisLink): FastifyRateLimitStoreCtor {
  class SharedOrLocalStore implements Store {
    readonly #shared: Store;
    readonly #local: Store;

    constructor(params: RouteParams, stores?: { shared: Store; local: Store }) {
      this.#shared =
        stores?.shared ??
        new RedisStore(params.continueExceeding, params.exponentialBackoff, link.commands, 'parade-rl-');
      this.#local = stores?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.#either('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.#either('read', key, cb, timeWindow, max);
    }

    child(routeOptions: RouteParams): Store {
      return new SharedOrLocalStore(routeOptions, {
        shared: this.#shared.child(routeOptions),
        local: this.#local.child(routeOptions),
      });
    }

    /** Redis when it is up; this process's own count when it is not, or when the command fails. */
    #either(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      if (!link.ready()) {
        this.#local[method](key, cb, timeWindow, max);
        return;
      }
      this.#shared[method](
        key,
        (error, result) => {
          if (error) this.#local[method](key, cb, timeWindow, max);
          else cb(null, result);
        },
        timeWindow,
        max,
      );
    }
  }
  // The plugin's declared types know neither `read` nor the params `child` is really given.
  return SharedOrLocalStore as unknown as FastifyRateLimitStoreCtor;
}
