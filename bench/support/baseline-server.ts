import Fastify from 'fastify';

// A bare Fastify route: the floor every HTTP figure is divided by.
const app = Fastify({ logger: false });
app.get('/baseline', async () => ({ authenticated: false }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
