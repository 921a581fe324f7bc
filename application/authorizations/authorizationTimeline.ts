import type { TimelineFold } from '../shared/audit/streamTimeline.js';
import type { AuthorizationEvent } from '../../domain/authorizations/authorization.events.js';
import { createdAuthorizationDocument, resetAuthorizationFields, updatedAuthorizationFields, type AuthorizationDocument } from './authorizations.readModel.js';

// A token folded forward: the document the projection would have held; null before its
// creation and after its deletion.
export const authorizationTimelineFold: TimelineFold<AuthorizationDocument> = {
  fold(state, events) {
    let document = state;
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as AuthorizationEvent;
      if (event.type === 'AuthorizationCreated') document = createdAuthorizationDocument(event.data);
      else if (event.type === 'AuthorizationUpdated' && document !== null) document = { ...document, ...updatedAuthorizationFields(event.data) };
      else if (event.type === 'AuthorizationTokenReset' && document !== null) document = { ...document, ...resetAuthorizationFields(event.data) };
      else if (event.type === 'AuthorizationDeleted') document = null;
    }
    return Promise.resolve(document);
  },
};
