import { EventIdTable } from './eventIdTable.js';
import { PositionTable } from './positionTable.js';
import { FRAME_HEADER_BYTES } from './recordFrames.js';

const NO_POSITIONS: readonly number[] = [];

export interface FrameLocation {
  readonly segment: number;
  readonly offset: number; // of the frame header within the segment
  readonly payloadLength: number;
}

// Everything the store knows about the log without touching disk: record locations, the positions of
// each stream (revision = index in the list) and event ids for idempotent retries.
// It covers reserved (not yet durable) events too, so expected revisions are checked against them.
export class EventIndex {
  readonly table = new PositionTable();
  // A stream of one event keeps its position alone (most streams: an issue's); a list otherwise.
  private readonly streams = new Map<string, number | number[]>();
  private readonly ids = new EventIdTable();

  get count(): number {
    return this.table.count;
  }

  add(id: string, streamId: string, location: FrameLocation): number {
    const position = this.table.push(location.segment, location.offset, location.payloadLength, this.lastRevision(streamId) + 1);
    this.record(streamId, position);
    this.ids.set(id, position);
    return position;
  }

  // One append's frames, laid out back to back from firstOffset.
  addAppend(streamId: string, ids: readonly string[], segment: number, firstOffset: number, payloadLengths: readonly number[]): void {
    let offset = firstOffset;
    for (let i = 0; i < ids.length; i++) {
      const position = this.table.push(segment, offset, payloadLengths[i]!, this.lastRevision(streamId) + 1);
      this.record(streamId, position);
      this.ids.set(ids[i]!, position);
      offset += FRAME_HEADER_BYTES + payloadLengths[i]!;
    }
  }

  streamPositions(streamId: string): readonly number[] {
    const kept = this.streams.get(streamId);
    if (kept === undefined) return NO_POSITIONS;
    return typeof kept === 'number' ? [kept] : kept;
  }

  // -1 for a stream that does not exist
  lastRevision(streamId: string): number {
    const kept = this.streams.get(streamId);
    if (kept === undefined) return -1;
    return typeof kept === 'number' ? 0 : kept.length - 1;
  }

  positionOfId(id: string): number | undefined {
    return this.ids.get(id);
  }

  // A stream's first position is kept alone, and its second makes a list holding both: an
  // empty array pushed to grew room for seventeen (152 bytes), and most streams hold one event.
  private record(streamId: string, position: number): void {
    const kept = this.streams.get(streamId);
    if (kept === undefined) this.streams.set(streamId, position);
    else if (typeof kept === 'number') this.streams.set(streamId, [kept, position]);
    else kept.push(position);
  }
}
