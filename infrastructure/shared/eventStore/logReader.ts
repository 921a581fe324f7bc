import type { ReadStreamOptions, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import type { EventIndex } from './eventIndex.js';
import { decodeRecord, FRAME_HEADER_BYTES } from './recordFrames.js';
import { READ_BUFFER_BYTES, withReadBuffer } from './readBuffers.js';
import type { SegmentLog } from './segmentLog.js';

// One read buffer's worth.
const CHUNK_BYTES = READ_BUFFER_BYTES;
// Records of one stream closer than this are read together with the bytes between them.
const SPAN_GAP_BYTES = 64 * 1024;

interface Span {
  readonly segment: number;
  readonly start: number;
  end: number;
  readonly positions: number[];
}

// Reads records at known locations: contiguous chunks of the log, or a stream's scattered records.
export class LogReader {
  constructor(
    private readonly index: EventIndex,
    private readonly log: SegmentLog,
  ) {}

  // Consecutive events after `after`, up to `head`, at most one chunk of bytes (and at least one event).
  async readChunk(after: number, maxCount: number, head: number): Promise<StoredEvent[]> {
    const first = Math.max(after + 1, 0);
    const limit = Math.min(head, first + maxCount - 1);
    if (first > limit) return [];
    const table = this.index.table;
    const segment = table.segmentOf(first);
    const start = table.offsetOf(first);
    let last = first;
    while (last < limit && table.segmentOf(last + 1) === segment && this.frameEnd(last + 1) - start <= CHUNK_BYTES) {
      last++;
    }
    return withReadBuffer(this.frameEnd(last) - start, async (buffer) => {
      const bytes = await this.log.readInto(segment, start, buffer);
      const events = new Array<StoredEvent>(last - first + 1);
      let at = 0;
      for (let i = 0; i < events.length; i++) {
        const payloadEnd = at + FRAME_HEADER_BYTES + bytes.readUInt32LE(at);
        events[i] = decodeRecord(bytes, at + FRAME_HEADER_BYTES, payloadEnd);
        at = payloadEnd;
      }
      return events;
    });
  }

  // positions ascending; events come back in the same order
  async readPositions(positions: readonly number[]): Promise<StoredEvent[]> {
    const spans = this.spansOf(positions);
    const decoded = await Promise.all(spans.map((span) => this.readSpan(span)));
    return decoded.flat();
  }

  private spansOf(positions: readonly number[]): Span[] {
    const table = this.index.table;
    const spans: Span[] = [];
    let current: Span | undefined;
    for (const position of positions) {
      const segment = table.segmentOf(position);
      const offset = table.offsetOf(position);
      const end = this.frameEnd(position);
      const joins = current !== undefined && current.segment === segment && offset - current.end <= SPAN_GAP_BYTES && end - current.start <= CHUNK_BYTES;
      if (joins) {
        current!.end = end;
        current!.positions.push(position);
      } else {
        current = { segment, start: offset, end, positions: [position] };
        spans.push(current);
      }
    }
    return spans;
  }

  private async readSpan(span: Span): Promise<StoredEvent[]> {
    const table = this.index.table;
    return withReadBuffer(span.end - span.start, async (buffer) => {
      const bytes = await this.log.readInto(span.segment, span.start, buffer);
      return span.positions.map((position) => {
        const payloadStart = table.offsetOf(position) - span.start + FRAME_HEADER_BYTES;
        return decodeRecord(bytes, payloadStart, payloadStart + table.payloadLengthOf(position));
      });
    });
  }

  private frameEnd(position: number): number {
    return this.index.table.offsetOf(position) + FRAME_HEADER_BYTES + this.index.table.payloadLengthOf(position);
  }
}

// The stream positions to read, ascending, and whether to hand them back reversed; only the first
// `durableCount` positions of the stream are readable.
export function selectStreamPositions(
  positions: readonly number[],
  durableCount: number,
  options: ReadStreamOptions,
): { readonly ascending: readonly number[]; readonly backwards: boolean } {
  const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
  const backwards = options.direction === 'backwards';
  if (maxCount <= 0 || durableCount === 0) return { ascending: [], backwards };
  if (!backwards) {
    const from = Math.max(options.fromRevision ?? 0, 0);
    return { ascending: positions.slice(from, Math.min(durableCount, from + maxCount)), backwards };
  }
  const from = Math.min(options.fromRevision ?? durableCount - 1, durableCount - 1);
  if (from < 0) return { ascending: [], backwards };
  return { ascending: positions.slice(Math.max(0, from - maxCount + 1), from + 1), backwards };
}
