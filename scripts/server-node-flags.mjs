/**
 * Node's flags for the API server process, shared by `npm start` and `npm run bench` (which must
 * measure what runs in production).
 *
 * `--max-semi-space-size=4`: V8 sizes the young generation from the machine's memory; on this
 * 24 GB box it grew to well over 100 MB during start-up alone (tsx compiling, the reply schemas
 * compiled) and stayed resident: 270-300 MiB RSS idle, 300-415 MiB after a few seconds of load.
 * With 4 MB semi-spaces: about 155-165 MiB idle and 195-260 MiB after the same load, with no
 * throughput loss we could tell from the noise of a shared machine (8 MB: 170-210 idle, 215-285
 * after). A scavenge of a few MB is under a millisecond; the server makes little long-lived data.
 */
export const serverNodeFlags = ['--max-semi-space-size=4'];
