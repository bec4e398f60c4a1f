/**
 * The development mailbox as a page a person can read in a browser: newest first, links in the
 * text clickable, the HTML version one click away in a sandboxed frame. Everything is escaped:
 * the mails carry whatever users typed.
 */
export interface MailboxMessage {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Date | string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Escapes the text, then turns each http(s) address into a link. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function messageBlock(message: MailboxMessage): string {
  const sent = new Date(message.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const html = message.html
    ? `<details><summary>HTML version</summary><iframe sandbox title="HTML version of ${escapeHtml(message.subject)}" srcdoc="${escapeHtml(message.html)}"></iframe></details>`
    : '';
  return `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(message.to)}</strong> · ${escapeHtml(sent)} UTC</p>
  <pre>${linkify(message.text)}</pre>
  ${html}
</article>`;
}

export function mailboxPage(messages: MailboxMessage[], to: string | undefined): string {
  const heading = to ? `Mail to ${escapeHtml(to)}` : 'Development mailbox';
  const body = messages.length === 0 ? '<p class="empty">No messages yet.</p>' : messages.map(messageBlock).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} · Tenens</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f8f9fa; color: #212529; }
  main { max-width: 760px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .hint { color: #495057; margin: 0 0 24px; }
  article { background: #fff; border: 1px solid #dee2e6; border-radius: 8px; padding: 16px; margin-bottom: 16px; }
  h2 { font-size: 17px; margin: 0; }
  .meta { color: #495057; margin: 4px 0 12px; font-size: 13px; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
  a { color: #0b7285; text-decoration: underline; }
  iframe { width: 100%; height: 420px; border: 1px solid #dee2e6; border-radius: 4px; margin-top: 8px; }
  summary { cursor: pointer; margin-top: 12px; color: #0b7285; }
  .empty { color: #495057; }
</style>
</head>
<body>
<main>
  <h1>${heading}</h1>
  <p class="hint">The newest 50 emails sent while <code>SMTP_URL</code> is unset. Filter by recipient with <code>?to=address</code>; ask for <code>application/json</code> to get JSON.</p>
  ${body}
</main>
</body>
</html>`;
}
