import { crc32 } from 'node:zlib';
import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';

// A frame is [u32 payload length][u32 crc32 of the payload][JSON payload], little-endian.
export const FRAME_HEADER_BYTES = 8;

export interface RecordHeader {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
}

// The four header fields come first so that opening a log can index a record without parsing its data.
const TYPE_KEY = Buffer.from(',"type":');

export function serializeRecord(event: StoredEvent): string {
  const { id, streamId, revision, position, type, data, metadata, recordedAt } = event;
  return JSON.stringify({ id, streamId, revision, position, type, data, metadata, recordedAt });
}

export interface EncodedFrames {
  readonly bytes: Buffer;
  readonly payloadLengths: readonly number[];
}

// One buffer for a whole batch: a single write per group commit.
export function encodeFrames(payloads: readonly string[]): EncodedFrames {
  const payloadLengths = payloads.map((payload) => Buffer.byteLength(payload));
  const total = payloadLengths.reduce((sum, length) => sum + FRAME_HEADER_BYTES + length, 0);
  const bytes = Buffer.allocUnsafe(total);
  let offset = 0;
  payloads.forEach((payload, i) => {
    const start = offset + FRAME_HEADER_BYTES;
    const end = start + payloadLengths[i]!;
    bytes.write(payload, start, 'utf8');
    bytes.writeUInt32LE(payloadLengths[i]!, offset);
    bytes.writeUInt32LE(crc32(bytes.subarray(start, end)), offset + 4);
    offset = end;
  });
  return { bytes, payloadLengths };
}

export function isIntactPayload(bytes: Buffer, start: number, end: number, expectedCrc: number): boolean {
  return crc32(bytes.subarray(start, end)) === expectedCrc;
}

export function decodeRecord(bytes: Buffer, start: number, end: number): StoredEvent {
  return JSON.parse(bytes.toString('utf8', start, end)) as StoredEvent;
}

// Parses only the prefix up to the "type" key; falls back to the whole payload if the layout differs.
// The key cannot occur earlier: inside a JSON string every '"' is escaped.
export function decodeRecordHeader(bytes: Buffer, start: number, end: number): RecordHeader {
  const typeKeyAt = bytes.indexOf(TYPE_KEY, start);
  const parsed: unknown =
    typeKeyAt > start && typeKeyAt < end
      ? JSON.parse(`${bytes.toString('utf8', start, typeKeyAt)}}`)
      : JSON.parse(bytes.toString('utf8', start, end));
  if (!isRecordHeader(parsed)) throw new Error('Malformed event record: missing id, streamId, revision or position');
  return parsed;
}

function isRecordHeader(value: unknown): value is RecordHeader {
  const candidate = value as Partial<RecordHeader> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.id === 'string' &&
    typeof candidate.streamId === 'string' &&
    Number.isInteger(candidate.revision) &&
    Number.isInteger(candidate.position)
  );
}
