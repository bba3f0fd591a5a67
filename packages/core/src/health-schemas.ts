/** GET /health: for load balancers and start-up scripts; /health/live and /health/ready: for an orchestrator (decision 042). */
import { z } from 'zod';

export const healthSchema = z.object({ db: z.literal('ok'), version: z.string() });
export type Health = z.infer<typeof healthSchema>;

/** GET /health/live: the process runs and its event loop turns (no database asked). */
export const healthLiveSchema = z.object({ live: z.literal(true), version: z.string() });
export type HealthLive = z.infer<typeof healthLiveSchema>;

/**
 * GET /health/ready: the process takes traffic (not shutting down) and its database answers.
 * Otherwise 503 in the failure envelope, with code `shutting_down` or `database_unavailable`.
 */
export const healthReadySchema = z.object({ ready: z.literal(true), db: z.literal('ok'), version: z.string() });
export type HealthReady = z.infer<typeof healthReadySchema>;
