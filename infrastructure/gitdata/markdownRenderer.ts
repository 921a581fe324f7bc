import { Marked, type Tokens } from 'marked';
import type { MarkupRenderer } from '../../application/gitdata/markupRenderer.port.js';

// The extensions GitHub's Markup library renders as Markdown.
const MARKDOWN = /\.(md|markdown|mdown|mkdn|mkd|mdwn|mkdown|ron)$/i;
// A larger file is shown as plain text rather than parsed (the contents API inlines up to 1 MB).
const LARGEST_RENDERED_BYTES = 1024 * 1024;
// Link and image addresses kept: the web's and mail's schemes, and relative ones (no scheme).
const SAFE_URL = /^(https?:|mailto:|[^:]*$|[^:]*[/?#])/i;

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const titled = (title: string | null | undefined): string => (title ? ` title="${escapeHtml(title)}"` : '');

// GitHub Flavored Markdown (marked's gfm), sanitized as GitHub's output is: raw HTML in the
// text is shown escaped rather than passed on, and a link or image whose address has another
// scheme (javascript:, data:) keeps only its text. Addresses are written escaped whole (an
// `&` too), so a character reference in one (`javascript&#58;`) stays text in the attribute
// rather than becoming the colon a browser would decode it to. The wrappers are GitHub's: a markup file's
// HTML inside `<div id="file" class="md">` and its article, any other file's text escaped in a
// `<pre>` of `<div id="file" class="plain">`.
export class MarkdownRenderer implements MarkupRenderer {
  private readonly marked = new Marked({ gfm: true, async: false });

  constructor() {
    this.marked.use({
      renderer: {
        html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
        link(token: Tokens.Link) {
          const text = this.parser.parseInline(token.tokens);
          return SAFE_URL.test(token.href.trim()) ? `<a href="${escapeHtml(token.href.trim())}"${titled(token.title)}>${text}</a>` : text;
        },
        image(token: Tokens.Image) {
          const alt = escapeHtml(token.text);
          return SAFE_URL.test(token.href.trim()) ? `<img src="${escapeHtml(token.href.trim())}" alt="${alt}"${titled(token.title)}>` : alt;
        },
      },
    });
  }

  render(path: string, content: Uint8Array): string {
    const text = Buffer.from(content.buffer, content.byteOffset, content.length).toString('utf8');
    const dataPath = escapeHtml(path);
    if (MARKDOWN.test(path) && content.length <= LARGEST_RENDERED_BYTES) {
      const body = this.marked.parse(text) as string;
      return `<div id="file" class="md" data-path="${dataPath}"><article class="markdown-body entry-content container-lg" itemprop="text">${body}</article></div>`;
    }
    return `<div id="file" class="plain" data-path="${dataPath}"><div class="plain"><pre style="white-space: pre-wrap">${escapeHtml(text)}</pre></div></div>`;
  }
}
