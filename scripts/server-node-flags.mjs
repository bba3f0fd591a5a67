/**
 * Node's flags for the API server process, shared by `npm start` and `npm run bench` (which must
 * measure what runs in production).
 *
 * `--max-semi-space-size=8`: V8 sizes the young generation from the machine's memory; on this
 * 24 GB box it grew to well over 100 MB during start-up alone and stayed resident. 16 MB
 * semi-spaces held a checkout burst's short-lived objects without promoting them (the place-order
 * bench's p99 was 71-76 ms with 16 against 75-98 ms with 4, three runs each, 2026-11-25), but the
 * memory target (issue 25, decision 037) wants the 16 MiB back: 8 MB semi-spaces took 16 MiB off
 * the idle server and the bench's peak from 395 to 313 MiB (short runs on PostgreSQL).
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
 * `--liftoff-only`: WebAssembly (PGlite's Postgres; nothing else of the server's) stays on V8's
 * baseline compiler. Its optimising compiler took the embedded database's start-up to 820 MiB
 * resident for a second, compiling Postgres's largest functions (300 MiB without it). On
 * PostgreSQL the server runs no WebAssembly of its own.
 *
 * No `--enable-source-maps`: the server runs compiled (apps/api/dist/server.js, decision 037), not
 * minified and with its functions' names, so a stack trace's file and line are readable in the
 * bundle itself. The flag would parse the source map beside it into 14 MB of heap at start-up
 * (25 MiB resident); `NODE_OPTIONS=--enable-source-maps npm start` turns it on to read TypeScript
 * lines.
 */
export const serverNodeFlags = ['--max-semi-space-size=8', '--max-old-space-size=512', '--liftoff-only'];
