/** The local mailbox (APP_ENV=local with the outbox email provider): every email the server "sent". */
import { escapeHtml } from '../../platform/html';
import { operation, type RoutesPlugin } from '../../platform/operation';
import type { Mailbox } from './service';

export const devMailboxRoutes: RoutesPlugin<{ mailbox: Mailbox }> = async (app, { mailbox }) => {
  app.route({
    ...operation('devMailboxMessages', {
      tags: ['local'],
      summary: 'Local only: the latest emails in the outbox',
    }),
    handler: async (request) => ({
      messages: (await mailbox.recent(request.query.to)).map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        created_at: r.created_at.toISOString(),
      })),
    }),
  });

  // Links in account emails are one long word (a token): they wrap anywhere, so a card never
  // grows wider than a 390 px phone.
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await mailbox.recent();
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
article{background:#fff;border-radius:10px;padding:14px;margin:12px 0;box-shadow:0 1px 6px #0001;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit}</style></head>
<body><h1>Local mailbox</h1><p>Emails sent by this local server (newest first). Nothing here leaves your machine.</p>
${items || '<p>No emails yet.</p>'}</body></html>`);
  });
};
