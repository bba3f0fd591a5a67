import Fastify from 'fastify';
const app = Fastify();
const mk = (n) => ({ status: true, data: { items: Array.from({ length: Math.round(n / 60) }, (_, i) => ({ id: i, name: `item number ${i}`, slug: `slug-${i}` })) } });
const small = mk(1000), big = mk(5500), bigger = mk(11000);
app.get('/1k', async () => small);
app.get('/5k', async () => big);
app.get('/11k', async () => bigger);
await app.listen({ port: 3510, host: '127.0.0.1' });
