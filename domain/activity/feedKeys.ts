// The feeds an activity event is written into, by key. Each of GitHub's nine feed endpoints
// reads one of them: /events the public feed, /repos/.../events the repository's,
// /networks/.../events its fork network's, /users/{u}/events the actor's,
// /users/{u}/received_events the receiver's, /orgs/{org}/events the organization's.
export const PUBLIC_FEED = 'public';
export const repositoryFeed = (repositoryId: number) => `repo:${repositoryId}`;
export const networkFeed = (rootRepositoryId: number) => `network:${rootRepositoryId}`;
export const actorFeed = (userId: number) => `actor:${userId}`;
export const receivedFeed = (userId: number) => `received:${userId}`;
export const organizationFeed = (orgId: number) => `org:${orgId}`;

export interface FeedRouting {
  readonly public: boolean;
  readonly repositoryId: number;
  // The root of the repository's fork network (itself when it is no fork).
  readonly networkId: number;
  readonly actorId: number;
  readonly orgId: number | null;
  readonly receiverIds: readonly number[];
}

export function feedKeys(routing: FeedRouting): string[] {
  return [
    ...(routing.public ? [PUBLIC_FEED] : []),
    repositoryFeed(routing.repositoryId),
    networkFeed(routing.networkId),
    actorFeed(routing.actorId),
    ...(routing.orgId === null ? [] : [organizationFeed(routing.orgId)]),
    ...routing.receiverIds.map(receivedFeed),
  ];
}

// Ids of activity events: increasing with the log, several per domain event (a push that
// creates a branch is a CreateEvent and a PushEvent), the same on every replay.
export const ACTIVITY_IDS_PER_EVENT = 16;
export const activityEventId = (position: number, index: number): number => (position + 1) * ACTIVITY_IDS_PER_EVENT + index;
