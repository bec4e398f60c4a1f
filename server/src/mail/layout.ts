/**
 * Tenens' branded email layout. Every message is composed as a few plain parts (a heading,
 * paragraphs, an optional button and details table) and rendered into matching HTML and text.
 */
export interface EmailContent {
  subject: string;
  /** Greeting line, e.g. "Hi Dana,". */
  greeting?: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Label/value rows, e.g. the agreed rate and dates of a connection. */
  details?: [string, string][];
  /** A quieter closing note, e.g. why the reader got this email. */
  footnote?: string;
  /** Optional mail (alerts, reminders) carries a one-click way out in its footer. */
  unsubscribe?: { label: string; url: string };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const BRAND = '#0b7285';

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, html: renderHtml(content), text: renderText(content) };
}

function renderText(content: EmailContent): string {
  const lines = [content.greeting, content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details?.length) lines.push(...content.details.map(([label, value]) => `${label}: ${value}`), '');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  if (content.footnote) lines.push(content.footnote, '');
  if (content.unsubscribe) lines.push(`${content.unsubscribe.label}: ${content.unsubscribe.url}`, '');
  lines.push('— The Tenens team', 'Tenens · anesthesia locums, negotiated directly');
  return lines.filter((line) => line !== undefined).join('\n');
}

function renderHtml(content: EmailContent): string {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#343a40">${escape(p)}</p>`)
    .join('');
  const details = content.details?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 20px">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 0;color:#868e96;font-size:14px;width:40%">${escape(label)}</td>` +
            `<td style="padding:6px 0;color:#212529;font-size:14px;font-weight:600">${escape(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:8px 0 24px"><a href="${escape(content.action.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;font-size:15px">${escape(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#868e96">If the button does not work, copy this link into your browser:<br><span style="word-break:break-all">${escape(content.action.url)}</span></p>`
    : '';
  const greeting = content.greeting ? `<p style="margin:0 0 8px;font-size:15px;color:#343a40">${escape(content.greeting)}</p>` : '';
  const footnote = content.footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#868e96">${escape(content.footnote)}</p>` : '';
  const unsubscribe = content.unsubscribe
    ? ` <a href="${escape(content.unsubscribe.url)}" style="color:#495057">${escape(content.unsubscribe.label)}</a>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(content.subject)}</title></head>
<body style="margin:0;background:#f1f3f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:18px 28px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:0.5px">Tenens</td></tr>
<tr><td style="padding:28px">${greeting}<h1 style="margin:0 0 16px;font-size:21px;color:#212529">${escape(content.heading)}</h1>${paragraphs}${details}${action}${footnote}</td></tr>
<tr><td style="padding:16px 28px;background:#f8f9fa;color:#868e96;font-size:12px">Tenens · anesthesia locums, negotiated directly. You are receiving this email because of your Tenens account.${unsubscribe}</td></tr>
</table></td></tr></table></body></html>`;
}
