/** The baseline: a bare Fastify route answering a small JSON object, with no middleware at all. */
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ status: 'ok' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`bare server at ${address}\n`);
process.once('SIGTERM', () => void app.close());
