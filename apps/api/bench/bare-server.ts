/**
 * The bench's yardstick: a bare Fastify 5 process answering GET /bare with 1 KB of constant
 * JSON, nothing else (no plugins, no logging). Started by bench/run.ts in its own process;
 * prints `listening <port>` once ready.
 */
import Fastify from 'fastify';

const items = Array.from({ length: 16 }, (_, i) => ({ id: i + 1, name: `Item number ${i + 1}`, price: 100 + i }));
const payload = {
  success: true,
  data: items,
  note: 'x'.repeat(1024 - JSON.stringify({ success: true, data: items, note: '' }).length),
};

const app = Fastify({ logger: false });
app.get('/bare', async () => payload);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
