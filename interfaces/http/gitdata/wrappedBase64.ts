// GitHub's base64 in blob and contents bodies, as Ruby's Base64.encode64 writes it: a newline
// after every 60 characters and at the end, and nothing at all for no bytes (an empty file
// reads `content: ""`).
export function wrappedBase64(content: Uint8Array): string {
  const encoded = Buffer.from(content).toString('base64');
  return encoded.replace(/.{1,60}/g, '$&\n');
}
