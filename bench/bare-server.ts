// The ceiling to compare with: a bare Fastify route answering fixed JSON, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { found: true, membership_id: '00000000-0000-4000-8000-000000000000', valid_for_checkin: true, reason: null };
app.post('/bare', async () => answer);
app.get('/bare', async () => answer);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
