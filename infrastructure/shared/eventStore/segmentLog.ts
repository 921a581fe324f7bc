import { fstat, ftruncate } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { FrameLocation } from './eventIndex.js';
import { decodeRecordHeader, type RecordHeader } from './recordFrames.js';
import { scanSegment } from './segmentScanner.js';
import { closeFile, fillExactly, listSegments, openFile, segmentPath, syncData, syncDirectory, writeExactly } from './segmentFiles.js';

const statFile = promisify(fstat);
const truncateFile = promisify(ftruncate);

// Offsets are kept in 32-bit typed arrays.
export const MAX_SEGMENT_BYTES = 2 ** 31;

export type RecordVisitor = (header: RecordHeader, location: FrameLocation) => void;

export interface PendingWrite {
  readonly segment: number;
  readonly offset: number;
  readonly bytes: Buffer;
}

// The log on disk: numbered segment files of frames. Space is reserved synchronously, in order, and
// written later by the single commit loop; a batch never straddles two segments.
export class SegmentLog {
  private reservedSegment: number;
  private reservedOffset: number;

  private constructor(
    private readonly directory: string,
    private readonly segmentBytes: number,
    private readonly fds: number[],
    tailOffset: number,
  ) {
    this.reservedSegment = fds.length - 1;
    this.reservedOffset = tailOffset;
  }

  // Visits every intact record in log order; a torn tail is cut off (it was never acknowledged).
  // Read-only, the log may be another process's live log: a frame it is still writing reads as
  // the end, and nothing is cut or created.
  static async open(directory: string, segmentBytes: number, visit: RecordVisitor, mode: 'write' | 'read' = 'write'): Promise<SegmentLog> {
    if (segmentBytes <= 0 || segmentBytes > MAX_SEGMENT_BYTES) throw new RangeError(`Invalid segment size ${segmentBytes}`);
    const fds = await openSegments(directory, mode);
    try {
      for (let segment = 0; segment < fds.length; segment++) {
        const size = (await statFile(fds[segment]!)).size;
        const intactEnd = await scanSegment(fds[segment]!, size, (bytes, start, end, offset) =>
          visit(decodeRecordHeader(bytes, start, end), { segment, offset, payloadLength: end - start }),
        );
        if (intactEnd < size) {
          if (mode === 'write') await cutTornTail(directory, fds, segment, intactEnd);
          else for (const fd of fds.splice(segment + 1)) await closeFile(fd);
          return new SegmentLog(directory, segmentBytes, fds, intactEnd);
        }
      }
      if (fds.length === 0) return new SegmentLog(directory, segmentBytes, fds, 0);
      const tailSize = (await statFile(fds[fds.length - 1]!)).size;
      return new SegmentLog(directory, segmentBytes, fds, tailSize);
    } catch (error) {
      await Promise.allSettled(fds.map((fd) => closeFile(fd)));
      throw error;
    }
  }

  reserve(byteLength: number): { segment: number; offset: number } {
    if (this.reservedOffset > 0 && this.reservedOffset + byteLength > this.segmentBytes) {
      this.reservedSegment += 1;
      this.reservedOffset = 0;
    }
    const location = { segment: this.reservedSegment, offset: this.reservedOffset };
    this.reservedOffset += byteLength;
    return location;
  }

  // Consecutive reserved writes, in reservation order: one write and one fdatasync per segment touched.
  async write(writes: readonly PendingWrite[]): Promise<void> {
    let start = 0;
    while (start < writes.length) {
      const segment = writes[start]!.segment;
      let end = start + 1;
      while (end < writes.length && writes[end]!.segment === segment) end++;
      const group = writes.slice(start, end);
      const bytes = group.length === 1 ? group[0]!.bytes : Buffer.concat(group.map((write) => write.bytes));
      const fd = await this.segmentFd(segment);
      await writeExactly(fd, bytes, group[0]!.offset);
      await syncData(fd);
      start = end;
    }
  }

  // Fills `buffer` from `offset`.
  readInto(segment: number, offset: number, buffer: Buffer): Promise<Buffer> {
    return fillExactly(this.fds[segment]!, buffer, offset);
  }

  async close(): Promise<void> {
    const fds = this.fds.splice(0);
    await Promise.all(fds.map((fd) => closeFile(fd)));
  }

  private async segmentFd(segment: number): Promise<number> {
    const existing = this.fds[segment];
    if (existing !== undefined) return existing;
    const fd = await openFile(segmentPath(this.directory, segment), 'wx+');
    this.fds.push(fd);
    await syncDirectory(this.directory);
    return fd;
  }
}

async function openSegments(directory: string, mode: 'write' | 'read'): Promise<number[]> {
  if (mode === 'read') {
    const segments = await listSegments(directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []; // no log yet: an empty one
      throw error;
    });
    return Promise.all(segments.map((segment) => openFile(segmentPath(directory, segment), 'r')));
  }
  const segments = await listSegments(directory);
  if (segments.length === 0) {
    const fd = await openFile(segmentPath(directory, 0), 'wx+');
    await syncDirectory(directory);
    return [fd];
  }
  const fds: number[] = [];
  for (const segment of segments) fds.push(await openFile(segmentPath(directory, segment), 'r+'));
  return fds;
}

// Only the end of the log can be torn: a segment is fdatasync'd before the next one is written.
// A bad frame followed by data in a later segment is corruption, and opening refuses it.
async function cutTornTail(directory: string, fds: number[], segment: number, intactEnd: number): Promise<void> {
  for (let later = segment + 1; later < fds.length; later++) {
    if ((await statFile(fds[later]!)).size > 0) {
      throw new Error(`Event log corrupt: bad frame in segment ${segment} at byte ${intactEnd}, with later segments`);
    }
  }
  await truncateFile(fds[segment]!, intactEnd);
  await syncData(fds[segment]!);
  for (const fd of fds.splice(segment + 1)) await closeFile(fd);
  const stale = (await listSegments(directory)).filter((number) => number > segment);
  for (const number of stale) await unlink(segmentPath(directory, number));
  if (stale.length > 0) await syncDirectory(directory);
}
