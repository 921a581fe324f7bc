import { FRAME_HEADER_BYTES, isIntactPayload } from './recordFrames.js';
import { READ_BUFFER_BYTES, withReadBuffer } from './readBuffers.js';
import { fillExactly } from './segmentFiles.js';

// One read buffer's worth (readBuffers.ts): a larger scan buffer, freed, is what made the malloc
// heap keep every later read buffer.
const SCAN_CHUNK_BYTES = READ_BUFFER_BYTES;

export type FrameVisitor = (bytes: Buffer, payloadStart: number, payloadEnd: number, frameOffset: number) => void;

interface ChunkScan {
  readonly consumed: number;
  readonly torn: boolean;
  readonly nextFrameBytes: number; // how much the next read must hold to contain the frame that did not fit
}

// Visits every intact frame in order and returns where they end: the segment size, or the offset of
// the first torn or corrupt frame (a crash mid-write leaves a short or garbled tail).
export async function scanSegment(fd: number, size: number, visit: FrameVisitor): Promise<number> {
  let offset = 0;
  let minimumRead = 0;
  while (offset < size) {
    const length = Math.min(Math.max(SCAN_CHUNK_BYTES, minimumRead), size - offset);
    const scan = await withReadBuffer(length, async (buffer) => scanChunk(await fillExactly(fd, buffer, offset), offset, offset + length === size, visit));
    if (scan.torn) return offset + scan.consumed;
    offset += scan.consumed;
    minimumRead = scan.nextFrameBytes;
  }
  return offset;
}

function scanChunk(bytes: Buffer, fileOffset: number, reachesEnd: boolean, visit: FrameVisitor): ChunkScan {
  const stop = (consumed: number, frameBytes: number): ChunkScan =>
    reachesEnd ? { consumed, torn: true, nextFrameBytes: 0 } : { consumed, torn: false, nextFrameBytes: frameBytes };
  let at = 0;
  while (at < bytes.length) {
    if (at + FRAME_HEADER_BYTES > bytes.length) return stop(at, FRAME_HEADER_BYTES);
    const payloadLength = bytes.readUInt32LE(at);
    const payloadStart = at + FRAME_HEADER_BYTES;
    const payloadEnd = payloadStart + payloadLength;
    if (payloadLength === 0) return { consumed: at, torn: true, nextFrameBytes: 0 };
    if (payloadEnd > bytes.length) return stop(at, FRAME_HEADER_BYTES + payloadLength);
    if (!isIntactPayload(bytes, payloadStart, payloadEnd, bytes.readUInt32LE(at + 4))) {
      return { consumed: at, torn: true, nextFrameBytes: 0 };
    }
    visit(bytes, payloadStart, payloadEnd, fileOffset + at);
    at = payloadEnd;
  }
  return { consumed: at, torn: false, nextFrameBytes: 0 };
}
