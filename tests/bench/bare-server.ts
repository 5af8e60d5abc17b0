import Fastify from 'fastify';

/** A bare Fastify route: the ceiling the real API is compared with in the same run. */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`ready ${address}`);
