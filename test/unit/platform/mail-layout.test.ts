import { renderEmail } from '../../../server/src/mail/layout';

describe('the branded email layout', () => {
  const content = {
    subject: 'Your bid was countered',
    greeting: 'Hi Sam,',
    heading: 'Bayview Surgery Center countered at $240/h',
    paragraphs: ['They would like to agree on a rate.', 'Reply before Friday.'],
    action: { label: 'Review the counter', url: 'https://tenens.example.com/bids/1?tab=history&x=1' },
    details: [
      ['Rate', '$240/h'],
      ['Dates', 'Jun 2 – Jun 30'],
    ] as [string, string][],
    footnote: 'You get these emails because you bid on this posting.',
  };

  it('renders a text part that reads on its own, in order', () => {
    const { subject, text } = renderEmail(content);
    expect(subject).toBe('Your bid was countered');
    const order = [
      'Hi Sam,',
      'Bayview Surgery Center countered at $240/h',
      'They would like to agree on a rate.',
      'Reply before Friday.',
      'Rate: $240/h',
      'Dates: Jun 2 – Jun 30',
      'Review the counter: https://tenens.example.com/bids/1?tab=history&x=1',
      'You get these emails because you bid on this posting.',
      '— The Tenens team',
    ].map((line) => text.indexOf(line));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('renders HTML with the brand bar, heading, button, details and footer', () => {
    const { html } = renderEmail(content);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>Your bid was countered</title>');
    expect(html).toMatch(/<td[^>]*background:#0b7285[^>]*>Tenens<\/td>/);
    expect(html).toMatch(/<h1[^>]*>Bayview Surgery Center countered at \$240\/h<\/h1>/);
    expect(html).toMatch(/<a href="https:\/\/tenens\.example\.com\/bids\/1\?tab=history&amp;x=1"[^>]*>Review the counter<\/a>/);
    expect(html).toContain('>Rate</td>');
    expect(html).toContain('>$240/h</td>');
    expect(html).toContain('You are receiving this email because of your Tenens account.');
  });

  it('escapes what people typed, in every part of the HTML', () => {
    const { html, text } = renderEmail({
      subject: 'Note from <b>admin</b>',
      heading: '<script>alert(1)</script>',
      paragraphs: ['Tom & Jerry "quoted"'],
      action: { label: 'Go', url: 'https://x.example/?a="><img src=x>' },
      details: [['<i>k</i>', '<i>v</i>']],
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>admin</b>');
    expect(html).not.toContain('<i>');
    expect(html).not.toContain('"><img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; Jerry &quot;quoted&quot;');
    // The text part is plain text: nothing to escape there.
    expect(text).toContain('<script>alert(1)</script>');
  });

  it('leaves optional parts out entirely', () => {
    const { html, text } = renderEmail({ subject: 'S', heading: 'H', paragraphs: ['P'] });
    expect(html).not.toContain('<a href');
    expect(html).not.toContain('<table role="presentation" style="width:100%;border-collapse');
    expect(text.split('\n')[0]).toBe('H');
    expect(text).not.toContain('undefined');
  });
});
