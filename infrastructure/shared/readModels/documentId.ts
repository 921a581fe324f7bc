import { randomBytes } from 'node:crypto';

// Shaped like an ObjectId's hex form (seconds, process id, counter) but kept a plain string,
// so documents stay plain JSON on both adapters and ids still sort by creation time.
const processPart = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export function newDocumentId(): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processPart + counter.toString(16).padStart(6, '0');
}
