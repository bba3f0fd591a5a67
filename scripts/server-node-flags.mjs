/**
 * Node's flags for the API server process, shared by `npm start` and `npm run bench` (which must
 * measure what runs in production).
 *
 * `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory; on this
 * 24 GB box it grew to well over 100 MB during start-up alone (tsx compiling, the reply schemas
 * compiled) and stayed resident. 16 MB semi-spaces hold a checkout burst's short-lived objects
 * without promoting them: the place-order bench's p99 was 71-76 ms with 16 against 75-98 ms with
 * 4 (three runs each, 2026-11-25), for about 10 MiB more at rest.
 *
 * `--max-old-space-size=512`: without a limit V8 sizes the old space from the machine's memory
 * and grows it in steps under sustained load that it does not give back (the soak, issue 14:
 * +36 % and +65 % resident memory in 8 minutes on two processes whose data fit in 160 MB). With
 * 512 MB the soak's processes stayed within 1-3 % of their size after warm-up. Smaller limits
 * make V8 collect the old space more often: 256 MB put the place-order p99 at 104-115 ms, 384 MB
 * at 95-101 ms, 512 MB at 87-94 ms (three runs each). The largest resident size measured in any
 * bench is about 400 MiB (search at 1,000,000 products), mostly outside the old space.
 * docs/performance.md has the runs.
 *
 * No `--enable-source-maps`: the server runs compiled (apps/api/dist/server.js, decision 037), not
 * minified and with its functions' names, so a stack trace's file and line are readable in the
 * bundle itself. The flag would parse the source map beside it into 14 MB of heap at start-up
 * (25 MiB resident); `NODE_OPTIONS=--enable-source-maps npm start` turns it on to read TypeScript
 * lines.
 */
export const serverNodeFlags = ['--max-semi-space-size=16', '--max-old-space-size=512'];
