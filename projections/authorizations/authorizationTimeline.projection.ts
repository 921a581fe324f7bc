import { authorizationTimelineFold } from '../../application/authorizations/authorizationTimeline.js';
import type { AuthorizationDocument } from '../../application/authorizations/authorizations.readModel.js';
import {
  AUTHORIZATION_TIMELINE_CHECKPOINTS_COLLECTION,
  AUTHORIZATION_TIMELINE_HEADS_COLLECTION,
} from '../../application/authorizations/authorizations.readModel.js';
import { AUTHORIZATION_EVENT_TYPES } from '../../domain/authorizations/authorization.events.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import { streamTimelineProjection } from '../shared/streamTimeline.projection.js';

// Tokens as they stood every so many events, for as_of (GET /authorizations/{id}?as_of=...).
export const authorizationTimelineProjection = (dependencies: ProjectionDependencies) =>
  streamTimelineProjection<AuthorizationDocument>({
    name: 'authorization-timeline',
    version: 1,
    checkpoints: AUTHORIZATION_TIMELINE_CHECKPOINTS_COLLECTION,
    heads: AUTHORIZATION_TIMELINE_HEADS_COLLECTION,
    eventTypes: AUTHORIZATION_EVENT_TYPES,
    isTimelineStream: (streamId) => streamId.startsWith('authorization-'),
    eventStore: dependencies.eventStore,
    folding: () => authorizationTimelineFold,
  });
