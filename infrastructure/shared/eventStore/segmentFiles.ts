import { close, fdatasync, fsync, open, read, write } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The callback API wrapped once: cheaper per call than FileHandle on the hot write and read paths.
export const openFile = promisify(open);
export const closeFile = promisify(close);
export const syncData = promisify(fdatasync);
const syncFile = promisify(fsync);
const readInto = promisify(read);
const writeFrom = promisify(write);

const SEGMENT_FILE = /^(\d{8})\.seg$/;

export function segmentPath(directory: string, segment: number): string {
  return join(directory, `${String(segment).padStart(8, '0')}.seg`);
}

export async function listSegments(directory: string): Promise<number[]> {
  const segments = (await readdir(directory))
    .map((name) => SEGMENT_FILE.exec(name)?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  segments.forEach((segment, i) => {
    if (segment !== i) throw new Error(`Event log in ${directory} is missing segment ${i}`);
  });
  return segments;
}

// Fills the whole buffer from `position`.
export async function fillExactly(fd: number, buffer: Buffer, position: number): Promise<Buffer> {
  const length = buffer.length;
  let done = 0;
  while (done < length) {
    const { bytesRead } = await readInto(fd, buffer, done, length - done, position + done);
    if (bytesRead === 0) throw new Error(`Unexpected end of segment at byte ${position + done}`);
    done += bytesRead;
  }
  return buffer;
}

export async function writeExactly(fd: number, buffer: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < buffer.length) {
    const { bytesWritten } = await writeFrom(fd, buffer, done, buffer.length - done, position + done);
    done += bytesWritten;
  }
}

// A new or removed segment file is durable only once its directory entry is.
export async function syncDirectory(directory: string): Promise<void> {
  const fd = await openFile(directory, 'r');
  try {
    await syncFile(fd);
  } finally {
    await closeFile(fd);
  }
}
