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
  private readonly streams = new Map<string, number[]>();
  private readonly ids = new EventIdTable();

  get count(): number {
    return this.table.count;
  }

  add(id: string, streamId: string, location: FrameLocation): number {
    const positions = this.streams.get(streamId);
    const position = this.table.push(location.segment, location.offset, location.payloadLength, positions?.length ?? 0);
    this.record(streamId, positions, position);
    this.ids.set(id, position);
    return position;
  }

  // One append's frames, laid out back to back from firstOffset.
  addAppend(streamId: string, ids: readonly string[], segment: number, firstOffset: number, payloadLengths: readonly number[]): void {
    let positions = this.streams.get(streamId);
    let offset = firstOffset;
    for (let i = 0; i < ids.length; i++) {
      const position = this.table.push(segment, offset, payloadLengths[i]!, positions?.length ?? 0);
      positions = this.record(streamId, positions, position);
      this.ids.set(ids[i]!, position);
      offset += FRAME_HEADER_BYTES + payloadLengths[i]!;
    }
  }

  streamPositions(streamId: string): readonly number[] {
    return this.streams.get(streamId) ?? NO_POSITIONS;
  }

  // -1 for a stream that does not exist
  lastRevision(streamId: string): number {
    return this.streamPositions(streamId).length - 1;
  }

  positionOfId(id: string): number | undefined {
    return this.ids.get(id);
  }

  // A new stream's list is made holding its first position: most streams (an issue's) hold
  // one or two events, and an empty array pushed to grows room for seventeen (152 bytes
  // instead of 24, per stream).
  private record(streamId: string, positions: number[] | undefined, position: number): number[] {
    if (positions !== undefined) {
      positions.push(position);
      return positions;
    }
    const created = [position];
    this.streams.set(streamId, created);
    return created;
  }
}
