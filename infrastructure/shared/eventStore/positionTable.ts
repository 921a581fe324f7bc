// Where each global position lives on disk and its stream revision: 16 bytes per event, no objects,
// so a log of millions of events indexes in a few tens of megabytes.
export class PositionTable {
  private segments: Uint32Array = new Uint32Array(1024);
  private offsets: Uint32Array = new Uint32Array(1024);
  private payloadLengths: Uint32Array = new Uint32Array(1024);
  private revisions: Uint32Array = new Uint32Array(1024);
  private size = 0;

  get count(): number {
    return this.size;
  }

  push(segment: number, offset: number, payloadLength: number, revision: number): number {
    if (this.size === this.segments.length) this.grow();
    const position = this.size++;
    this.segments[position] = segment;
    this.offsets[position] = offset;
    this.payloadLengths[position] = payloadLength;
    this.revisions[position] = revision;
    return position;
  }

  segmentOf(position: number): number {
    return this.segments[position]!;
  }

  offsetOf(position: number): number {
    return this.offsets[position]!;
  }

  payloadLengthOf(position: number): number {
    return this.payloadLengths[position]!;
  }

  revisionOf(position: number): number {
    return this.revisions[position]!;
  }

  private grow(): void {
    const capacity = this.segments.length * 2;
    this.segments = copyInto(new Uint32Array(capacity), this.segments);
    this.offsets = copyInto(new Uint32Array(capacity), this.offsets);
    this.payloadLengths = copyInto(new Uint32Array(capacity), this.payloadLengths);
    this.revisions = copyInto(new Uint32Array(capacity), this.revisions);
  }
}

function copyInto(target: Uint32Array, source: Uint32Array): Uint32Array {
  target.set(source);
  return target;
}
