import type { z } from 'zod';

/**
 * A core schema (and zod with it) that loads on first use (decision 039). The storefront checks
 * every reply against the wire contract and every form against the API's own rules, but a page's
 * first load needs neither: a server-rendered page hydrates from data the server already checked.
 * So replies and forms name their schema as a loader, and zod arrives when a reply or a submit
 * first needs it.
 */
export interface LazySchema<S extends z.ZodType> {
  /** Loads the schema (once; a failed load is tried again next time). */
  load(): Promise<S>;
  /** The schema once loaded, else undefined. */
  loaded(): S | undefined;
}

export function lazySchema<S extends z.ZodType>(load: () => Promise<S>): LazySchema<S> {
  let schema: S | undefined;
  let loading: Promise<S> | undefined;
  return {
    load: () => {
      // With zod come the API's own words for rules a schema states without a message.
      loading ??= Promise.all([load(), import('@parade/core/zod-messages')]).then(
        ([value, { usePlainMessages: installPlainMessages }]) => {
          installPlainMessages();
          schema = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => schema,
  };
}
