/** GET /health: for load balancers and start-up scripts. */
import { z } from 'zod';

export const healthSchema = z.object({ db: z.literal('ok'), version: z.string() });
export type Health = z.infer<typeof healthSchema>;
