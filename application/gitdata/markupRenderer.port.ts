// A file rendered to HTML for GitHub's `application/vnd.github.html` media type on contents:
// a markup file (Markdown) rendered, any other shown as plain text; sanitized, as GitHub's
// Markup library's output is, so a client may embed it.
export interface MarkupRenderer {
  render(path: string, content: Uint8Array): string;
}
