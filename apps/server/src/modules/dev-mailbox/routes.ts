/** The local mailbox (APP_ENV=local with the outbox email provider): every email the server "sent". */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { DB } from '../../db/schema';
import type { BackgroundTasks } from '../../platform/background';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function devMailboxRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; background: BackgroundTasks },
) {
  // Account emails are sent after the answer (so its timing reveals nothing); the mailbox waits
  // for them, so a mail is here as soon as the request that sent it has been answered.
  const recent = async () => {
    await deps.background.idle();
    return deps.db
      .selectFrom('email_outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
  };

  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        tags: ['local'],
        summary: 'Local only: the latest emails in the outbox',
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 254 })) }),
      },
    },
    async (request) => {
      const { to } = request.query as { to?: string };
      const rows = await recent();
      return {
        messages: rows
          .filter((r) => !to || r.to_address === to.toLowerCase())
          .map((r) => ({
            id: r.id,
            to: r.to_address,
            subject: r.subject,
            text: r.text_body,
            html: r.html_body,
            created_at: r.created_at.toISOString(),
          })),
      };
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await recent();
    const items = rows
      .map(
        (
          r,
        ) => `<article><header><strong>${escapeHtml(r.subject)}</strong><br><small>to ${escapeHtml(r.to_address)} · ${r.created_at.toISOString()}</small></header>
<pre>${escapeHtml(r.text_body).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Local mailbox · Kitwright</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:auto;padding:16px;background:#f4f1ea}
article{background:#fff;border-radius:10px;padding:14px;margin:12px 0;box-shadow:0 1px 6px #0001}
pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Local mailbox</h1><p>Emails sent by this local server (newest first). Nothing here leaves your machine.</p>
${items || '<p>No emails yet.</p>'}</body></html>`);
  });
}
