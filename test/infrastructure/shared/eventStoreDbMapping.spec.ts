import { expect } from 'chai';
import { ANY, NO_STREAM, START, STREAM_EXISTS, type RecordedEvent } from '@eventstore/db-client';
import {
  conflictOf,
  isSystemEvent,
  toAppendExpectedRevision,
  toEventData,
  toReadPosition,
  toStoredEvent,
} from '../../../infrastructure/shared/eventStore/eventStoreDbMapping.js';
import { newEvents } from './eventStoreFixtures.js';

// The translation to and from the client's types, checked without a server (the contract needs one).
describe('EventStoreDB mapping', function () {
  it('maps each expected revision to the client constant or a bigint', function () {
    expect(toAppendExpectedRevision('no_stream')).to.equal(NO_STREAM);
    expect(toAppendExpectedRevision('stream_exists')).to.equal(STREAM_EXISTS);
    expect(toAppendExpectedRevision('any')).to.equal(ANY);
    expect(toAppendExpectedRevision(7)).to.equal(7n);
  });

  it('turns the current revision of a wrong-expected-version into the conflict value', function () {
    expect(conflictOf('s-1', 2, 5n)).to.deep.equal({ outcome: 'conflict', streamId: 's-1', expected: 2, actual: 5 });
    expect(conflictOf('s-1', 'stream_exists', NO_STREAM)).to.deep.equal({
      outcome: 'conflict',
      streamId: 's-1',
      expected: 'stream_exists',
      actual: 'no_stream',
    });
    expect(conflictOf('s-1', 0, -1n)).to.deep.include({ actual: 'no_stream' });
  });

  it('sends events as JSON with their id, type, data and metadata', function () {
    const [event] = newEvents(1);
    expect(toEventData(event!)).to.deep.equal({
      id: event!.id,
      contentType: 'application/json',
      type: event!.type,
      data: event!.data,
      metadata: event!.metadata,
    });
  });

  it('reads a recorded event back with its commit position and ISO time', function () {
    const [event] = newEvents(1);
    const recorded = {
      streamId: 's-1',
      id: event!.id,
      isJson: true,
      revision: 3n,
      type: event!.type,
      created: new Date(0),
      data: event!.data,
      metadata: event!.metadata,
      position: { commit: 900n, prepare: 900n },
    } as unknown as RecordedEvent;
    expect(toStoredEvent(recorded)).to.deep.equal({
      id: event!.id,
      streamId: 's-1',
      revision: 3,
      position: 900,
      type: event!.type,
      data: event!.data,
      metadata: event!.metadata,
      recordedAt: '1970-01-01T00:00:00.000Z',
    });
    expect(toStoredEvent({ ...recorded, position: undefined } as RecordedEvent).position).to.equal(-1);
  });

  it('reads the position a server sends for an event it has no position for (2^64 - 1) as none', function () {
    // The server writes Position.End (both parts ulong.MaxValue) where a read has no $all
    // position for the event: stream reads on servers that do not look it up.
    const [event] = newEvents(1);
    const recorded = {
      streamId: 's-1',
      id: event!.id,
      isJson: true,
      revision: 0n,
      type: event!.type,
      created: new Date(0),
      data: event!.data,
      metadata: event!.metadata,
      position: { commit: 18446744073709551615n, prepare: 18446744073709551615n },
    } as unknown as RecordedEvent;
    expect(toStoredEvent(recorded).position).to.equal(-1);
  });

  it('reads $all after a commit position, or from the start without one', function () {
    expect(toReadPosition(1234)).to.deep.equal({ commit: 1234n, prepare: 1234n });
    expect(toReadPosition(undefined)).to.equal(START);
    expect(toReadPosition(-1)).to.equal(START);
  });

  it('treats system streams and system event types as not part of the log', function () {
    const recorded = (streamId: string, type: string) => ({ streamId, type }) as RecordedEvent;
    expect(isSystemEvent(recorded('$stats-127.0.0.1:2113', 'Stats'))).to.equal(true);
    expect(isSystemEvent(recorded('$$project-1', '$metadata'))).to.equal(true);
    expect(isSystemEvent(recorded('project-1', 'ProjectCreated'))).to.equal(false);
  });
});
